import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"

/** A plan's stored PDF and the hash of what it was drawn from. */
const StoredPdf = Schema.Struct({ hash: Schema.String, pdf: Schema.Uint8ArrayFromSelf })

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const findStored = SqlSchema.findOne({
    Request: Schema.String,
    Result: StoredPdf,
    execute: (planId) => sql`SELECT hash, pdf FROM contract_document WHERE product_plan_id = ${planId}`
  })

  /** Keeps the plan's PDF; two racing writers store the same bytes. */
  const store = (planId: string, hash: string, pdf: Uint8Array) =>
    sql`INSERT INTO contract_document ${sql.insert({ product_plan_id: planId, hash, pdf: Buffer.from(pdf) })}
      ON CONFLICT (product_plan_id) DO UPDATE SET hash = EXCLUDED.hash, pdf = EXCLUDED.pdf, created_at = now()`

  /** The plan a case is on (its subscription's); none when the case does not exist, null when it has no subscription. */
  const planOfCase = SqlSchema.findOne({
    Request: Schema.String,
    Result: Schema.Struct({ plan_id: Schema.NullOr(Schema.String) }),
    execute: (caseId) => sql`SELECT l.product_plan_id::text AS plan_id FROM assistance_case c LEFT JOIN lead l ON l.id = c.lead_id WHERE c.id = ${caseId}`
  })

  return {
    findStored: (planId: string) => findStored(planId).pipe(Effect.orDie),
    planOfCase: (caseId: string) => planOfCase(caseId).pipe(Effect.orDie),
    store: (planId: string, hash: string, pdf: Uint8Array) => store(planId, hash, pdf).pipe(Effect.asVoid, Effect.orDie)
  }
})

/** Plan contract PDFs kept in the database, so any process can serve any request. */
export class PlanContractRepo extends Context.Tag("palma/PlanContractRepo")<PlanContractRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(PlanContractRepo, make)
}
