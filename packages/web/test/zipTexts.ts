import { inflateRawSync } from "node:zlib"

/** The text of every file in a ZIP (an .xlsx is one), read through its central directory. */
export const zipTexts = (bytes: Uint8Array): string => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let end = bytes.length - 22
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--
  const texts: string[] = []
  let at = view.getUint32(end + 16, true)
  for (let n = view.getUint16(end + 10, true); n > 0; n--) {
    const method = view.getUint16(at + 10, true)
    const size = view.getUint32(at + 20, true)
    const local = view.getUint32(at + 42, true)
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true)
    const data = bytes.subarray(start, start + size)
    texts.push(new TextDecoder().decode(method === 8 ? inflateRawSync(data) : data))
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
  }
  return texts.join("\n")
}
