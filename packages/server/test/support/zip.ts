import { crc32, deflateRawSync } from "node:zlib"

export interface ZipEntry {
  readonly name: string
  readonly data: Uint8Array
  /** Deflated when true, stored as is otherwise. */
  readonly deflate?: boolean
  /** Lie about the size in the central directory. */
  readonly declaredSize?: number
}

/** A minimal ZIP, assembled by hand so that the tests control every field the check reads. */
export const zip = (entries: ReadonlyArray<ZipEntry>, options: { readonly comment?: string } = {}): Uint8Array => {
  const locals: Array<Buffer> = []
  const centrals: Array<Buffer> = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const body = entry.deflate ? deflateRawSync(entry.data) : Buffer.from(entry.data)
    const method = entry.deflate ? 8 : 0
    const crc = crc32(entry.data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(entry.data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(entry.declaredSize ?? entry.data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, body)
    centrals.push(central, name)
    offset += local.length + name.length + body.length
  }
  const directory = Buffer.concat(centrals)
  const comment = Buffer.from(options.comment ?? "")
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  end.writeUInt16LE(comment.length, 20)
  return new Uint8Array(Buffer.concat([...locals, directory, end, comment]))
}
