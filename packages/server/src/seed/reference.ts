import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { once } from "./once.js"

/**
 * Reference data the application needs to work at all (not demo data):
 * stages with their stable codes, procedures, value types, relationships and
 * qualifications.
 */
const stages = [
  ["applicant", "Datos del solicitante"],
  ["insured", "Datos del titular"],
  ["product", "Servicio"],
  ["event", "Evento"],
  ["attachment", "Antecedentes"],
  ["specialist", "Envío de especialista"],
  ["anulled_specialist", "Envío de especialista anulado"],
  ["alliance", "Designación de alianza"],
  ["anulled_alliance", "Designación de alianza anulada"],
  ["refund", "Reembolso"],
  ["imed", "Descuento IMED"],
  ["close", "Caso cerrado"]
] as const

const procedures = [
  ["specialist", "Designación de especialista"],
  ["alliance", "Designación de alianza"],
  ["refund", "Solicitud de reembolso"],
  ["imed", "Descuento IMED"]
] as const

const valueTypes = [
  ["D", "Fecha"],
  ["S", "Texto corto"],
  ["C", "Texto largo"],
  ["N", "Número"]
] as const

const relationships = ["Cónyuge", "Conviviente civil", "Hijo/a", "Padre", "Madre", "Hermano/a", "Otro"]

const qualifications = [
  ["Excelente", 5],
  ["Bueno", 4],
  ["Regular", 3],
  ["Malo", 2],
  ["Muy malo", 1]
] as const

export const seedReference = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* once(
    "reference-v1",
    Effect.gen(function* () {
      yield* sql`INSERT INTO stage ${sql.insert(stages.map(([code, name], i) => ({ code, name, number: i + 1 })))}`
      yield* sql`INSERT INTO procedure ${sql.insert(procedures.map(([code, name]) => ({ code, name })))}`
      yield* sql`INSERT INTO value_type ${sql.insert(valueTypes.map(([code, name]) => ({ code, name })))}`
      yield* sql`INSERT INTO relationship ${sql.insert(relationships.map((name) => ({ name })))}`
      yield* sql`INSERT INTO qualification ${sql.insert(qualifications.map(([name, score]) => ({ name, score })))}`
    })
  )
})
