import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as PgLiteClient from "../../src/sql/PgLiteClient.js"
import { containsText, foldText, folded } from "../../src/sql/textSearch.js"

const spanish = fc.string({ unit: fc.constantFrom(..."aeinouAEINOUáéíóúüñÁÉÍÓÚÜÑçÇ -%_\\'.0123456789") })

const run = <A>(effect: Effect.Effect<A, unknown, SqlClient.SqlClient>) => Effect.runPromise(effect.pipe(Effect.provide(PgLiteClient.layer())))

describe("accent- and case-free search", { timeout: 60_000 }, () => {
  it("folds a text in SQL exactly as it folds the term in JavaScript", async () => {
    await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(spanish, async (text) => {
              const [row] = await Effect.runPromise(sql<{ folded: string }>`SELECT ${folded(sql, sql`${text}`)} AS folded`)
              expect(row!.folded).toBe(foldText(text))
            }),
            { numRuns: 200 }
          )
        )
      })
    )
  })

  it("finds a text by any spelling of a part of it, and takes wildcards literally", async () => {
    const found = (text: string, term: string) =>
      run(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const rows = yield* sql`SELECT 1 WHERE ${containsText(sql, sql`${text}`, term)}`
          return rows.length === 1
        })
      )
    expect(await found("Ñuñoa", "nunoa")).toBe(true)
    expect(await found("Climatización", "CLIMATIZACION")).toBe(true)
    expect(await found("La Araucanía", "araucania")).toBe(true)
    expect(await found("Grúa", "grua")).toBe(true)
    expect(await found("Grúa", "grúas")).toBe(false)
    expect(await found("100 por ciento", "100%")).toBe(false)
    expect(await found("100% garantizado", "100%")).toBe(true)
    expect(await found("abc", "a_c")).toBe(false)
  })
})
