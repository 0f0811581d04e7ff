/**
 * exceljs's streaming reader parses a worksheet as it arrives only if the workbook's relations
 * and shared strings came before it in the ZIP; otherwise it copies the sheet to a temporary
 * file first and reads it back at the end. Excel and most writers put the sheets first, and a
 * workbook with inline strings has no shared strings at all: every roster would go through the
 * disk (personal data in /tmp, kept until the process exits when a read stops early). So the
 * reader gets the same entries, byte for byte, with the parts it waits for moved to the front,
 * and an empty shared strings part where the workbook has none.
 */
import { crc32 } from "node:zlib"
import { readZipDirectory, type ZipEntry } from "./xlsxSafety.js"

const SHARED_STRINGS = "xl/sharedStrings.xml"
const EMPTY_SHARED_STRINGS = new TextEncoder().encode(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>'
)

/** Lower goes first: what the reader needs before a sheet, then the rest, then the sheets. */
const rank = (name: string): number => {
  switch (name) {
    case "[Content_Types].xml":
    case "_rels/.rels":
      return 0
    case "xl/_rels/workbook.xml.rels":
      return 1
    case "xl/workbook.xml":
      return 2
    case SHARED_STRINGS:
      return 3
    case "xl/styles.xml":
      return 4
    default:
      return /^xl\/worksheets\/[^/]+\.xml$/.test(name) ? 6 : 5
  }
}

const LOCAL_HEADER_SIZE = 30
const CENTRAL_ENTRY_SIZE = 46
const END_SIZE = 22

/** A stored (uncompressed) entry: its local header with data, and its central record without the offset set. */
const storedEntry = (name: string, data: Uint8Array) => {
  const nameBytes = new TextEncoder().encode(name)
  const crc = crc32(data)
  const local = new Uint8Array(LOCAL_HEADER_SIZE + nameBytes.length + data.length)
  const lv = new DataView(local.buffer)
  lv.setUint32(0, 0x04034b50, true)
  lv.setUint16(4, 20, true)
  lv.setUint32(14, crc, true)
  lv.setUint32(18, data.length, true)
  lv.setUint32(22, data.length, true)
  lv.setUint16(26, nameBytes.length, true)
  local.set(nameBytes, LOCAL_HEADER_SIZE)
  local.set(data, LOCAL_HEADER_SIZE + nameBytes.length)
  const central = new Uint8Array(CENTRAL_ENTRY_SIZE + nameBytes.length)
  const cv = new DataView(central.buffer)
  cv.setUint32(0, 0x02014b50, true)
  cv.setUint16(4, 20, true)
  cv.setUint16(6, 20, true)
  cv.setUint32(16, crc, true)
  cv.setUint32(20, data.length, true)
  cv.setUint32(24, data.length, true)
  cv.setUint16(28, nameBytes.length, true)
  central.set(nameBytes, CENTRAL_ENTRY_SIZE)
  return { local, central }
}

/**
 * The workbook's ZIP reordered for a streaming read (see above). A ZIP whose directory cannot be
 * read is returned as it is: `checkXlsx` refuses those before any read.
 */
export const xlsxStreamOrder = (bytes: Uint8Array): Uint8Array => {
  const directory = readZipDirectory(bytes)
  if (typeof directory === "string") return bytes
  const byOffset = [...directory.entries].sort((a, b) => a.localOffset - b.localOffset)
  // An entry's local part runs to the next entry's, or to the directory: header, data and any data descriptor.
  const localEnd = new Map<ZipEntry, number>(byOffset.map((entry, i) => [entry, byOffset[i + 1]?.localOffset ?? directory.directoryOffset]))
  const parts = directory.entries
    .map((entry, i) => ({
      rank: rank(entry.name),
      i,
      local: bytes.subarray(entry.localOffset, localEnd.get(entry)),
      central: bytes.slice(entry.record.start, entry.record.end)
    }))
    .concat(
      directory.entries.some((entry) => entry.name === SHARED_STRINGS)
        ? []
        : [{ rank: rank(SHARED_STRINGS), i: -1, ...storedEntry(SHARED_STRINGS, EMPTY_SHARED_STRINGS) }]
    )
    .sort((a, b) => a.rank - b.rank || a.i - b.i)

  const localSize = parts.reduce((sum, part) => sum + part.local.length, 0)
  const centralSize = parts.reduce((sum, part) => sum + part.central.length, 0)
  const out = new Uint8Array(localSize + centralSize + END_SIZE)
  const view = new DataView(out.buffer)
  let at = 0
  let centralAt = localSize
  for (const part of parts) {
    out.set(part.local, at)
    out.set(part.central, centralAt)
    view.setUint32(centralAt + 42, at, true)
    at += part.local.length
    centralAt += part.central.length
  }
  view.setUint32(centralAt, 0x06054b50, true)
  view.setUint16(centralAt + 8, parts.length, true)
  view.setUint16(centralAt + 10, parts.length, true)
  view.setUint32(centralAt + 12, centralSize, true)
  view.setUint32(centralAt + 16, localSize, true)
  return out
}
