import {
  EMAIL_PATTERN,
  FUTURE_BIRTH_DATE,
  INVALID_EMAIL,
  INVALID_TYPED_DATE,
  isColumnRequired,
  requiredColumns,
  Rut,
  rosterFieldLabel,
  rosterFieldNames,
  type RosterFieldName,
  tooManyCharacters,
  INVALID_PHONE
} from "@palma/core/domain"
import { type FormulaCell, isFormulaCell, type RosterCell, type RosterColumn } from "./rosterSheet.js"
import { districtNotListed } from "../domain/messages.js"

/** One roster row, validated: what an insured and their policy are created or updated from. */
export interface RosterRecord {
  /** Canonical, "12345678-5". */
  rut: string
  name: string
  paternalLastName: string
  maternalLastName: string
  /** yyyy-mm-dd. */
  birthDate: string | null
  address: string
  /** The comuna's CUT code. */
  district: string | null
  email: string | null
  phone: string | null
  initialDate: string | null
  endDate: string | null
  /** Plan value id → its text as stored (numbers as "1234.5", dates as yyyy-mm-dd). */
  values: Record<string, string>
}

export interface RowLookups {
  /** A comuna's name or CUT code → its CUT code. */
  readonly district: (text: string) => string | undefined
  /** A plan value's id → its value type's code (D, S, C or N). */
  readonly valueType: (valueId: string) => string | undefined
  /** yyyy-mm-dd, in Chile. */
  readonly today: string
}

export type RowResult = { readonly ok: true; readonly record: RosterRecord } | { readonly ok: false; readonly reasons: ReadonlyArray<string> }

type Present = Exclude<RosterCell, FormulaCell | null>
/** A column's value as stored, or what is wrong with it (without the header, added by the caller). */
type Parsed = { readonly value: string } | { readonly problem: string }

const ok = (value: string): Parsed => ({ value })
const problem = (text: string): Parsed => ({ problem: text })

const pad = (n: number, width = 2) => String(n).padStart(width, "0")
const isoOf = (date: Date) => `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`

/** Plain decimal text, never an exponent (String(1e21) is "1e+21"). */
const decimalText = (n: number): string => (/e/i.test(String(n)) ? n.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 }) : String(n))

/** What a text field stores for a cell: numbers (a phone typed as a number) in their plain form. */
const textOf = (cell: Present): string => (cell instanceof Date ? isoOf(cell) : typeof cell === "number" ? decimalText(cell) : String(cell).trim())

/** yyyy-mm-dd when the parts name a day that exists (no 31-02), else undefined. */
const calendarDate = (year: number, month: number, day: number): string | undefined => {
  const date = new Date(Date.UTC(year, month - 1, day))
  date.setUTCFullYear(year) // Date.UTC reads years 0-99 as 1900-1999.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? isoOf(date) : undefined
}

const LAST_SERIAL = 2958465 // 9999-12-31
/**
 * Serial 1 is 1900-01-01, but Excel counts a 1900-02-29 that never was (serial 60): from 61 on,
 * day 0 is 1899-12-30 (so 25569 is 1970-01-01).
 */
const fromSerial = (serial: number): string | undefined => {
  const day = Math.floor(serial) // A time of day does not change the date.
  if (day < 1 || day === 60 || day > LAST_SERIAL) return undefined
  return isoOf(new Date(Date.UTC(1899, 11, (day < 60 ? 31 : 30) + day)))
}

const DAY_FIRST = /^(\d{1,2})([-/])(\d{1,2})\2(\d{4})$/
const YEAR_FIRST = /^(\d{4})-(\d{1,2})-(\d{1,2})$/

/**
 * A date as exceljs gives it (a UTC-midnight Date for date-formatted cells), as an Excel serial
 * (a date cell without a date format) or typed as dd-mm-yyyy, dd/mm/yyyy or yyyy-mm-dd.
 */
const dateOf = (cell: Present): string | undefined => {
  if (cell instanceof Date) return isoOf(cell)
  if (typeof cell === "number") return fromSerial(cell)
  if (typeof cell === "boolean") return undefined
  const text = cell.trim()
  const dayFirst = DAY_FIRST.exec(text)
  if (dayFirst) return calendarDate(Number(dayFirst[4]), Number(dayFirst[3]), Number(dayFirst[1]))
  const yearFirst = YEAR_FIRST.exec(text)
  return yearFirst ? calendarDate(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])) : undefined
}

const FORMULA = "Tiene una fórmula: escriba el valor en la celda (Palma no carga resultados de fórmulas)"
const date = (cell: Present): Parsed => {
  const iso = dateOf(cell)
  return iso === undefined ? problem(INVALID_TYPED_DATE) : ok(iso)
}

const text =
  (max: number) =>
  (cell: Present): Parsed => {
    const value = textOf(cell)
    return value.length > max ? problem(tooManyCharacters(max)) : ok(value)
  }

/** es-CL ("1.234,5", "1.234") or plain ("1234.5"): a lone dot followed by three digits is a thousands separator. */
const ES_CL_NUMBER = /^(-?)(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d+))?$/
const PLAIN_NUMBER = /^(-?)(\d+)(?:\.(\d+))?$/
const numberText = (cell: Present): string | undefined => {
  if (typeof cell === "number") return Number.isFinite(cell) ? decimalText(cell) : undefined
  if (typeof cell !== "string") return undefined
  const match = ES_CL_NUMBER.exec(cell.trim()) ?? PLAIN_NUMBER.exec(cell.trim())
  if (!match) return undefined
  const whole = match[2]!.replaceAll(".", "").replace(/^0+(?=\d)/, "")
  const fraction = (match[3] ?? "").replace(/0+$/, "")
  const digits = fraction === "" ? whole : `${whole}.${fraction}`
  return match[1] === "-" && /[1-9]/.test(digits) ? `-${digits}` : digits
}

// As the person forms accept it (core's Phone), so a loaded phone can be edited back unchanged.
const PHONE = /^\+?[\d\s()-]{8,24}$/

/** A comuna typed as a number loses its leading zero: 5101 is Valparaíso's "05101". */
const districtText = (cell: Present): string => {
  const value = textOf(cell)
  return /^\d{4}$/.test(value) ? `0${value}` : value
}

const fieldParsers: Record<RosterFieldName, (cell: Present, lookups: RowLookups) => Parsed> = {
  rut: (cell) => {
    const rut = Rut.normalize(textOf(cell))
    return rut === undefined ? problem("El RUT no es válido") : ok(rut)
  },
  name: text(80),
  paternalLastName: text(80),
  maternalLastName: text(80),
  birthDate: (cell, lookups) => {
    const parsed = date(cell)
    return "value" in parsed && parsed.value > lookups.today ? problem(FUTURE_BIRTH_DATE) : parsed
  },
  address: text(200),
  district: (cell, lookups) => {
    const code = lookups.district(districtText(cell))
    return code === undefined ? problem(districtNotListed) : ok(code)
  },
  email: (cell) => {
    const value = textOf(cell)
    return value.length <= 120 && EMAIL_PATTERN.test(value) ? ok(value) : problem(INVALID_EMAIL)
  },
  phone: (cell) => {
    const value = textOf(cell)
    const digits = value.replace(/\D/g, "").length
    return PHONE.test(value) && digits >= 8 && digits <= 15 ? ok(value) : problem(INVALID_PHONE)
  },
  initialDate: date,
  endDate: date
}

const valueParser = (valueType: string | undefined): ((cell: Present) => Parsed) => {
  if (valueType === "N") {
    return (cell) => {
      const value = numberText(cell)
      return value === undefined ? problem("Número inválido (p. ej. 1.234,5)") : ok(value)
    }
  }
  // S, C, and a value whose type is no longer known: kept as text.
  return valueType === "D" ? date : text(200)
}

const isRosterField = (field: string): field is RosterFieldName => (rosterFieldNames as ReadonlyArray<string>).includes(field)

/**
 * Validates one roster row against the plan's format, collecting every problem, each as
 * "<header>: <reason>" with the column's header as the person wrote it in the format.
 */
export const parseRosterRow = (cells: Readonly<Record<string, RosterCell>>, columns: ReadonlyArray<RosterColumn>, lookups: RowLookups): RowResult => {
  // A format always has these columns; should one be absent, the row still cannot do without it.
  const absent = requiredColumns.filter((field) => !columns.some((column) => column.field_id === field))
  const all = [...columns, ...absent.map((field) => ({ field_id: field, header: rosterFieldLabel[field], required: true }))]

  const reasons: Array<string> = []
  const fields: Partial<Record<RosterFieldName, string>> = {}
  const values: Record<string, string> = {}
  for (const column of all) {
    const raw = cells[column.field_id] ?? null
    // The sheet reader already trims, but a caller may pass cells as typed.
    const cell = typeof raw === "string" && raw.trim() === "" ? null : raw
    if (cell === null) {
      if (isColumnRequired(column)) reasons.push(`${column.header}: Falta el dato`)
      continue
    }
    if (isFormulaCell(cell)) {
      reasons.push(`${column.header}: ${FORMULA}`)
      continue
    }
    const field = column.field_id
    const parsed = isRosterField(field) ? fieldParsers[field](cell, lookups) : valueParser(lookups.valueType(field))(cell)
    if ("problem" in parsed) reasons.push(`${column.header}: ${parsed.problem}`)
    else if (isRosterField(field)) fields[field] = parsed.value
    else values[field] = parsed.value
  }
  if (fields.initialDate !== undefined && fields.endDate !== undefined && fields.endDate < fields.initialDate) {
    reasons.push("La fecha de término es anterior a la de inicio")
  }
  if (reasons.length > 0) return { ok: false, reasons }
  return {
    ok: true,
    record: {
      rut: fields.rut ?? "",
      name: fields.name ?? "",
      paternalLastName: fields.paternalLastName ?? "",
      maternalLastName: fields.maternalLastName ?? "",
      birthDate: fields.birthDate ?? null,
      address: fields.address ?? "",
      district: fields.district ?? null,
      email: fields.email ?? null,
      phone: fields.phone ?? null,
      initialDate: fields.initialDate ?? null,
      endDate: fields.endDate ?? null,
      values
    }
  }
}
