import { BULK_LOAD_MAX_BYTES, ROSTER_TOO_LARGE } from "@palma/core/domain"

/**
 * A first look at an uploaded roster, on its raw bytes and before anything is unzipped: an
 * .xlsx is a ZIP, and a ZIP can declare (and hide) far more data than it weighs. The central
 * directory is read by hand so that nothing is inflated to decide whether inflating is safe.
 */

/** Most entries a workbook's ZIP may hold: real ones have a few dozen. */
export const XLSX_MAX_ENTRIES = 10_000
/** Most bytes all entries together may declare once unzipped. */
export const XLSX_MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024
/** Entries up to this declared size are never suspicious, whatever they compress to. */
export const XLSX_RATIO_MIN_BYTES = 1024 * 1024
/** Above it, a larger entry is taken for a zip bomb (sheet XML compresses ~10-30×). */
export const XLSX_MAX_RATIO = 100

export const NOT_XLSX = "El archivo no es un Excel .xlsx"
const DAMAGED = "El archivo Excel está dañado o incompleto"
const ZIP64 = "El archivo Excel usa un formato comprimido no soportado"
const TOO_BIG = "El archivo se descomprime a un tamaño excesivo (posible archivo malicioso)"
const TOO_MANY = "El archivo contiene demasiadas partes (posible archivo malicioso)"

const LOCAL_FILE_SIGNATURE = 0x04034b50
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50
const END_SIGNATURE = 0x06054b50
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50
const END_SIZE = 22
const ZIP64_LOCATOR_SIZE = 20
const CENTRAL_ENTRY_SIZE = 46
/** The end record plus the largest comment it may carry. */
const END_SEARCH_SPAN = END_SIZE + 0xffff

const WORKBOOK = "xl/workbook.xml"
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/

/** Offset of the end of central directory record, searched backwards; -1 when there is none. */
const findEnd = (view: DataView): number => {
  const lowest = Math.max(0, view.byteLength - END_SEARCH_SPAN)
  for (let at = view.byteLength - END_SIZE; at >= lowest; at--) {
    // A comment may contain the signature by chance: the record must also end where its comment does.
    if (view.getUint32(at, true) === END_SIGNATURE && at + END_SIZE + view.getUint16(at + 20, true) <= view.byteLength) return at
  }
  return -1
}

const decoder = new TextDecoder()

/** One entry of a ZIP's central directory: where its record and its local data are. */
export interface ZipEntry {
  readonly name: string
  readonly compressed: number
  readonly uncompressed: number
  /** Where its local header starts. */
  readonly localOffset: number
  /** Its central directory record, as bytes [start, end). */
  readonly record: { readonly start: number; readonly end: number }
}

/** A ZIP's central directory, read without inflating anything; a string says why it cannot be read. */
export const readZipDirectory = (bytes: Uint8Array): { readonly entries: ReadonlyArray<ZipEntry>; readonly directoryOffset: number } | string => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.byteLength < 4 || view.getUint32(0, true) !== LOCAL_FILE_SIGNATURE) return NOT_XLSX
  const end = findEnd(view)
  if (end < 0) return DAMAGED
  if (end >= ZIP64_LOCATOR_SIZE && view.getUint32(end - ZIP64_LOCATOR_SIZE, true) === ZIP64_LOCATOR_SIGNATURE) return ZIP64
  const disk = view.getUint16(end + 4, true)
  const directoryDisk = view.getUint16(end + 6, true)
  const diskEntries = view.getUint16(end + 8, true)
  const count = view.getUint16(end + 10, true)
  const directorySize = view.getUint32(end + 12, true)
  const directoryOffset = view.getUint32(end + 16, true)
  if (count === 0xffff || diskEntries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) return ZIP64
  // Split archives are never what Excel writes.
  if (disk !== 0 || directoryDisk !== 0 || diskEntries !== count) return DAMAGED
  if (count > XLSX_MAX_ENTRIES) return TOO_MANY
  if (directoryOffset + directorySize > end) return DAMAGED

  const entries: Array<ZipEntry> = []
  let at = directoryOffset
  const directoryEnd = directoryOffset + directorySize
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_ENTRY_SIZE > directoryEnd || view.getUint32(at, true) !== CENTRAL_ENTRY_SIGNATURE) return DAMAGED
    const compressed = view.getUint32(at + 20, true)
    const uncompressed = view.getUint32(at + 24, true)
    const nameLength = view.getUint16(at + 28, true)
    const next = at + CENTRAL_ENTRY_SIZE + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
    if (next > directoryEnd) return DAMAGED
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) return ZIP64
    const localOffset = view.getUint32(at + 42, true)
    if (localOffset >= directoryOffset) return DAMAGED
    const name = decoder.decode(bytes.subarray(at + CENTRAL_ENTRY_SIZE, at + CENTRAL_ENTRY_SIZE + nameLength))
    entries.push({ name, compressed, uncompressed, localOffset, record: { start: at, end: next } })
    at = next
  }
  return { entries, directoryOffset }
}

/**
 * Undefined when the upload may be handed to the Excel reader; otherwise why not, in words
 * for the person who sent it.
 */
export const checkXlsx = (bytes: Uint8Array): string | undefined => {
  if (bytes.byteLength > BULK_LOAD_MAX_BYTES) return ROSTER_TOO_LARGE
  const directory = readZipDirectory(bytes)
  if (typeof directory === "string") return directory
  let total = 0
  for (const entry of directory.entries) {
    total += entry.uncompressed
    if (total > XLSX_MAX_UNCOMPRESSED_BYTES) return TOO_BIG
    // compressed 0 with content declared is an infinite ratio, hence the division's way round.
    if (entry.uncompressed > XLSX_RATIO_MIN_BYTES && entry.uncompressed > entry.compressed * XLSX_MAX_RATIO) return TOO_BIG
  }
  const names = directory.entries.map((e) => e.name)
  return names.includes(WORKBOOK) && names.some((name) => WORKSHEET.test(name)) ? undefined : NOT_XLSX
}
