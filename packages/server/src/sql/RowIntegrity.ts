import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { procedureCodes, seededStageCodes, seededValueTypeCodes } from "@palma/core/domain"
import { Clash } from "../domain/errors.js"
import { counted, listed, type NamedTable, nouns, references } from "./references.js"

/** Seeded rows whose codes the logic keys on (DOMAIN: stages, procedures, value types): never deleted. */
const keyedCodes: Readonly<Record<string, { readonly codes: ReadonlyArray<string>; readonly what: string }>> = {
  stage: { codes: seededStageCodes, what: "los casos avanzan por las etapas del sistema según su código" },
  procedure: { codes: procedureCodes, what: "los casos se resuelven según el código de su procedimiento" },
  value_type: { codes: seededValueTypeCodes, what: "los valores capturados se validan según el código de su tipo" }
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** One query: for each reference to `table`, how many active rows (or active owners of links) use `id`. */
  const usage = (table: string, id: string) => {
    const using = references.filter((ref) => ref.target === table)
    if (using.length === 0) return Effect.succeed([])
    const counts = using.map((ref) =>
      "owner" in ref
        ? sql`(SELECT count(DISTINCT o.id)::int FROM ${sql(ref.from)} l JOIN ${sql(ref.owner)} o ON o.id = l.${sql(ref.ownerColumn)} AND o.is_active
            WHERE l.${sql(ref.column)} = ${id})`
        : sql`(SELECT count(*)::int FROM ${sql(ref.from)} WHERE ${sql(ref.column)} = ${id} AND is_active)`
    )
    return sql<Record<string, number>>`SELECT ${sql.csv(counts.map((count, i) => sql`${count} AS ${sql(`n${i}`)}`))}`.pipe(
      Effect.orDie,
      Effect.map(([row]) => {
        // Several references may name the same kind of user (a value used by services): add them up.
        const byNoun = new Map<NamedTable, number>()
        using.forEach((ref, i) => {
          const user = "owner" in ref ? ref.owner : ref.from
          byNoun.set(user, (byNoun.get(user) ?? 0) + (row?.[`n${i}`] ?? 0))
        })
        return [...byNoun].filter(([, n]) => n > 0).map(([user, n]) => counted(nouns[user], n))
      })
    )
  }

  /** 409 naming what uses the row ("se usa en 4 servicios y 2 productos"); `label` is "La familia". */
  const refuseIfUsed = (table: string, id: string, label: string) =>
    Effect.flatMap(usage(table, id), (uses) =>
      uses.length === 0 ? Effect.void : Effect.fail(new Clash({ message: `No se puede eliminar ${lower(label)}: se usa en ${listed(uses)}` }))
    )

  /** 409 when the row is a seeded one whose code the logic keys on. */
  const refuseIfKeyed = (table: string, id: string, label: string) => {
    const keyed = keyedCodes[table]
    if (keyed === undefined) return Effect.void
    return sql<{ code: string; name: string }>`SELECT code, name FROM ${sql(table)} WHERE id = ${id}`.pipe(
      Effect.orDie,
      Effect.flatMap(([row]) =>
        row !== undefined && keyed.codes.includes(row.code)
          ? Effect.fail(new Clash({ message: `${label} «${row.name}» es del sistema y no se puede eliminar: ${keyed.what}` }))
          : Effect.void
      )
    )
  }

  /** 409 when a row that this one needs is deleted: restoring it would point at nothing usable. */
  const refuseIfNeedsDeleted = (table: string, id: string) =>
    Effect.forEach(
      references.filter((ref) => ref.from === table),
      (ref) =>
        sql<{ name: string }>`SELECT t.name FROM ${sql(table)} r JOIN ${sql(ref.target)} t ON t.id = r.${sql(ref.column)}
          WHERE r.id = ${id} AND NOT t.is_active`.pipe(
          Effect.orDie,
          Effect.flatMap(([missing]) => {
            if (missing === undefined) return Effect.void
            const noun = nouns[ref.target]
            return Effect.fail(
              new Clash({
                message: `No se puede restaurar: ${noun.article} ${noun.one} «${missing.name}» está eliminad${noun.article === "la" ? "a" : "o"}; restáurel${noun.article === "la" ? "a" : "o"} primero`
              })
            )
          })
        ),
      { discard: true }
    )

  return {
    usage,
    refuseIfUsed,
    refuseIfKeyed,
    refuseIfNeedsDeleted,
    /** Everything that stops a delete: keyed seeded rows first, then rows in use. */
    refuseDelete: (table: string, id: string, label: string) => Effect.zipRight(refuseIfKeyed(table, id, label), refuseIfUsed(table, id, label))
  }
})

const lower = (label: string) => `${label.charAt(0).toLowerCase()}${label.slice(1)}`

/** Referential integrity of deactivation: what uses a row, which rows are the system's own, what a restore needs. */
export class RowIntegrity extends Context.Tag("palma/RowIntegrity")<RowIntegrity, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(RowIntegrity, make)
}
