import { Schema } from "effect"

/** An instant on the wire: ISO 8601 with a zone ("2024-03-05T14:30:00.000Z"). */
export const Timestamp = Schema.String.annotations({ message: () => "Fecha y hora inválida" })
  .pipe(
    Schema.pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, {
      message: () => "Fecha y hora inválida (ISO 8601 con zona horaria)"
    }),
    Schema.filter((s) => !Number.isNaN(Date.parse(s)) || "Fecha y hora inexistente")
  )
  .annotations({ identifier: "Timestamp" })
export type Timestamp = typeof Timestamp.Type

/** A time of day that is not one, as the API or a document's reading gives it. */
export const INVALID_TIME = "Hora inválida (use HH:MM)"

/** A local time of day, "HH:MM" (24 h). */
export const TimeOfDay = Schema.String.annotations({ message: () => INVALID_TIME })
  .pipe(Schema.pattern(/^([01]\d|2[0-3]):[0-5]\d$/, { message: () => INVALID_TIME }))
  .annotations({ identifier: "TimeOfDay" })
export type TimeOfDay = typeof TimeOfDay.Type

const INVALID_YEAR_MONTH = "Mes inválido (use AAAA-MM)"

/** A calendar month, "YYYY-MM". */
export const YearMonth = Schema.String.annotations({ message: () => INVALID_YEAR_MONTH })
  .pipe(Schema.pattern(/^\d{4}-(0[1-9]|1[0-2])$/, { message: () => INVALID_YEAR_MONTH }))
  .annotations({ identifier: "YearMonth" })
export type YearMonth = typeof YearMonth.Type

/**
 * The "YYYY-MM" month of any ISO date or date-time, or undefined if it is not one.
 * The month is read as written: "2024-03-31T23:30:00-03:00" is March, the month the
 * writer lived in, not April in UTC.
 */
export const monthOf = (iso: string): YearMonth | undefined => {
  const match = /^(\d{4})-(0[1-9]|1[0-2])(?:-(\d{2})(?:[T ].*)?)?$/.exec(iso.trim())
  if (!match) return undefined
  const [, year, month, day] = match
  if (day !== undefined) {
    const d = Number(day)
    const last = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate()
    if (d < 1 || d > last) return undefined
  }
  return `${year}-${month}`
}

/** Whole days from `from` to `to`, both "YYYY-MM-DD" (negative if `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

/** "YYYY-MM-DD" plus `days` calendar days. */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** es-CL display of a "YYYY-MM-DD" date: "05-03-2024". Malformed input is returned as given. */
export const formatDate = (date: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date)
  return match ? `${match[3]}-${match[2]}-${match[1]}` : date
}

/** Built on first use: a formatter with a time zone takes ~20 ms to build, which every page's first load paid for. */
const onFirstUse = <A>(make: () => A): (() => A) => {
  let made: A | undefined
  return () => (made ??= make())
}
const chileDate = onFirstUse(() => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago", year: "numeric", month: "2-digit", day: "2-digit" }))
const chileTime = onFirstUse(() => new Intl.DateTimeFormat("en-GB", { timeZone: "America/Santiago", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }))

/** The calendar day an instant falls on in Chile ("YYYY-MM-DD"), whatever the server's zone. */
export const chileDateOf = (instant: Date): string => chileDate().format(instant)

/** The time of day an instant shows on a clock in Chile ("HH:MM"). */
export const chileTimeOf = (instant: Date): string => chileTime().format(instant)

/** An ISO instant as people read it on a clock in Chile: "05-03-2026 14:30" (given back as is when it is not one). */
export const formatInstant = (iso: string): string => {
  const instant = new Date(iso)
  return Number.isNaN(instant.getTime()) ? iso : `${formatDate(chileDateOf(instant))} ${chileTimeOf(instant)}`
}

/** The day an ISO instant falls on in Chile: "05-03-2026" (given back as is when it is not one). */
export const formatInstantDay = (iso: string): string => {
  const instant = new Date(iso)
  return Number.isNaN(instant.getTime()) ? iso : formatDate(chileDateOf(instant))
}
