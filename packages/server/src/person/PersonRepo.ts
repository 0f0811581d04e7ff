import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { BeneficiaryRecord, PersonRecord } from "@palma/core/domain"
import { returnedId } from "../sql/returnedId.js"
import { personColumns } from "./columnsSql.js"

/** The two tables of covered people: titulares and cargas, each one row per RUT. */
export type PersonTable = "insured" | "beneficiary"

/** A person's fields as written: "" and null mean "keep what is stored". */
export interface PersonWrite {
  readonly rut: string
  readonly name: string
  readonly paternalLastName: string
  readonly maternalLastName: string
  readonly address: string
  readonly districtId: string | null
  readonly email: string | null
  readonly phone: string | null
  readonly birthDate: string | null
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const findInsured = SqlSchema.findOne({
    Request: Schema.String,
    Result: PersonRecord,
    execute: (id) => sql`SELECT ${personColumns(sql, "p")} FROM insured p WHERE p.id = ${id}`
  })
  const findBeneficiary = SqlSchema.findOne({
    Request: Schema.String,
    Result: BeneficiaryRecord,
    execute: (id) => sql`SELECT ${personColumns(sql, "p")}, COALESCE(r.name, '') AS relationship, p.relationship_id::text AS relationship_id
      FROM beneficiary p LEFT JOIN relationship r ON r.id = p.relationship_id WHERE p.id = ${id}`
  })

  /**
   * Inserts the person, or updates the one with that RUT: a blank text or a null keeps the stored
   * value (the original's upserts never blank stored data).
   */
  const upsert = (table: PersonTable, person: PersonWrite, extra: { readonly relationship_id?: string | null } = {}) => {
    const t = sql(table)
    const keepText = (column: string) => sql`${sql(column)} = COALESCE(NULLIF(EXCLUDED.${sql(column)}, ''), ${t}.${sql(column)})`
    const keepValue = (column: string) => sql`${sql(column)} = COALESCE(EXCLUDED.${sql(column)}, ${t}.${sql(column)})`
    return sql`INSERT INTO ${t} ${sql.insert({
      rut: person.rut,
      name: person.name,
      paternal_last_name: person.paternalLastName,
      maternal_last_name: person.maternalLastName,
      address: person.address,
      district_id: person.districtId,
      email: person.email,
      phone: person.phone,
      birth_date: person.birthDate,
      ...extra
    })}
      ON CONFLICT (rut) DO UPDATE SET ${sql.csv([
        ...["name", "paternal_last_name", "maternal_last_name", "address"].map(keepText),
        ...["district_id", "email", "phone", "birth_date", ...Object.keys(extra)].map(keepValue),
        sql`updated_at = now()`
      ])}
      RETURNING id`.pipe(Effect.flatMap(returnedId))
  }

  const idByRut = (table: PersonTable, rut: string) =>
    sql<{ id: string }>`SELECT id FROM ${sql(table)} WHERE rut = ${rut}`.pipe(Effect.map((rows) => Option.fromNullable(rows[0]?.id)))

  const activeRelationships = sql<{ id: string; name: string }>`SELECT id::text AS id, name FROM relationship WHERE is_active`

  return {
    /** Every active relationship (a carga's parentesco), to resolve one given by id or by name. */
    activeRelationships: Effect.orDie(activeRelationships),
    findInsured: (id: string) => Effect.orDie(findInsured(id)),
    findBeneficiary: (id: string) => Effect.orDie(findBeneficiary(id)),
    upsert: (table: PersonTable, person: PersonWrite, extra?: { readonly relationship_id?: string | null }) => Effect.orDie(upsert(table, person, extra)),
    idByRut: (table: PersonTable, rut: string) => Effect.orDie(idByRut(table, rut))
  }
})

/** Titulares and cargas in SQL: upsert by RUT keeping stored data on blanks, reads as the original answers them. */
export class PersonRepo extends Context.Tag("palma/PersonRepo")<PersonRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(PersonRepo, make)
}
