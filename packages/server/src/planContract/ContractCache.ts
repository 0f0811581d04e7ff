import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { ContractData, NotFound } from "@palma/core"
import { createHash } from "node:crypto"
import { ContractSource } from "./ContractData.js"
import { renderContract } from "./renderContract.js"

/** Bump when the layout changes, so every cached contract is drawn again. */
const LAYOUT = "contrato-v2"

/** What the PDF depends on: the layout and the data it shows. */
export const contractHash = (data: ContractData): string =>
  createHash("sha256")
    .update(JSON.stringify({ layout: LAYOUT, data }))
    .digest("hex")

/**
 * A plan's contract PDF, kept in the database with the hash of its inputs: served from there
 * while the product and plan are unchanged, drawn again (and stored) when they differ. Any
 * process can serve any request; two racing ones store the same bytes.
 */
const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const source = yield* ContractSource

  const pdfOf = (planId: string): Effect.Effect<Uint8Array, NotFound> =>
    Effect.gen(function* () {
      const data = yield* source.of(planId)
      const hash = contractHash(data)
      const [cached] = yield* sql<{ hash: string; pdf: Uint8Array }>`SELECT hash, pdf FROM contract_document WHERE product_plan_id = ${planId}`
      if (cached && cached.hash === hash) return cached.pdf
      const pdf = yield* renderContract(data)
      yield* sql`INSERT INTO contract_document ${sql.insert({ product_plan_id: planId, hash, pdf: Buffer.from(pdf) })}
        ON CONFLICT (product_plan_id) DO UPDATE SET hash = EXCLUDED.hash, pdf = EXCLUDED.pdf, created_at = now()`
      return pdf
    }).pipe(Effect.catchTag("SqlError", Effect.die))

  return {
    pdfOf,
    base64Of: (planId: string) => Effect.map(pdfOf(planId), (pdf) => ({ base64: Buffer.from(pdf).toString("base64") }))
  }
})

export class ContractCache extends Context.Tag("palma/ContractCache")<ContractCache, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(ContractCache, make)
}
