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
    // One database for every case: creating one is most of this test's time.
    const cases: ReadonlyArray<readonly [text: string, term: string, found: boolean]> = [
      ["Ñuñoa", "nunoa", true],
      ["Climatización", "CLIMATIZACION", true],
      ["La Araucanía", "araucania", true],
      ["Grúa", "grua", true],
      ["Grúa", "grúas", false],
      ["100 por ciento", "100%", false],
      ["100% garantizado", "100%", true],
      ["abc", "a_c", false]
    ]
    const results = await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        return yield* Effect.forEach(cases, ([text, term]) =>
          Effect.map(sql`SELECT 1 WHERE ${containsText(sql, sql`${text}`, term)}`, (rows) => rows.length === 1)
        )
      })
    )
    expect(results).toEqual(cases.map(([, , found]) => found))
  })
})
