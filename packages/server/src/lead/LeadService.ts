import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { NotFound, type RemoveBeneficiaryInput, type RemovedBeneficiary } from "@palma/core"
import { transactionOf } from "../sql/transaction.js"

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const transaction = transactionOf(sql)

  /**
   * Takes a carga off a titular within a subscription and answers the link; a link already gone
   * answers the same with `removed: false` (removing twice is not an error). The person stays.
   */
  const removeBeneficiary = (input: RemoveBeneficiaryInput): Effect.Effect<RemovedBeneficiary, NotFound> =>
    transaction(
      Effect.gen(function* () {
        const [lead] = yield* sql<{ id: string }>`SELECT id::text AS id FROM lead WHERE subscription_id = ${input.subscription_id}`
        if (lead === undefined) return yield* new NotFound({ message: "No se encontró la suscripción" })
        const deleted = yield* sql`DELETE FROM lead_beneficiary
          WHERE lead_id = ${lead.id} AND insured_id = ${input.insured_id} AND beneficiary_id = ${input.beneficiary_id}
          RETURNING lead_id`
        return {
          lead_id: lead.id,
          subscription_id: input.subscription_id,
          insured_id: input.insured_id,
          beneficiary_id: input.beneficiary_id,
          removed: deleted.length > 0
        }
      })
    )

  return { removeBeneficiary }
})

/** Changes to who a subscription covers. */
export class LeadService extends Context.Tag("palma/LeadService")<LeadService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(LeadService, make)
}
