const BLOCK = 512

/** A ustar field: NUL-terminated text. */
const field = (header: Uint8Array, start: number, length: number) => new TextDecoder().decode(header.subarray(start, start + length)).replace(/\0.*$/s, "")

/**
 * The same tar without the entries `drop` names (by path, as stored), ending in the two empty
 * blocks: as consecutive ranges of `tar` itself, so a dump of the whole database is not copied again.
 */
export const tarWithout = (tar: Uint8Array, drop: (path: string) => boolean): ReadonlyArray<Uint8Array> => {
  const kept: Array<Uint8Array> = []
  let offset = 0
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK)
    if (header.every((byte) => byte === 0)) break
    const size = parseInt(field(header, 124, 12).trim() || "0", 8)
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK
    if (!drop(field(header, 0, 100))) kept.push(tar.subarray(offset, end))
    offset = end
  }
  kept.push(new Uint8Array(2 * BLOCK))
  return kept
}
