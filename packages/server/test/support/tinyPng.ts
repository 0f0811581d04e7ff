import { crc32, deflateSync } from "node:zlib"

const chunk = (type: string, data: Uint8Array): Buffer => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, "ascii"), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real, valid 1×1 RGBA PNG of one colour, built byte by byte. */
export const tinyPng = (rgba: readonly [number, number, number, number] = [0, 128, 255, 255]): Uint8Array => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0) // width
  header.writeUInt32BE(1, 4) // height
  header[8] = 8 // bit depth
  header[9] = 6 // colour type: RGBA
  // compression, filter and interlace stay 0
  const scanline = Buffer.from([0, ...rgba]) // filter byte "none", then the pixel
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(scanline)),
      chunk("IEND", new Uint8Array())
    ])
  )
}
