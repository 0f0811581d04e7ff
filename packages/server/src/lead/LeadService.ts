import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { type AddBeneficiaryInput, type AddedBeneficiary, NotFound, type RemoveBeneficiaryInput, type RemovedBeneficiary } from "@palma/core"
import { PersonWriter } from "../person/PersonWriter.js"
import { transactionOf } from "../sql/transaction.js"

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const people = yield* PersonWriter
  const transaction = transactionOf(sql)

  const leadOf = (subscriptionId: number) =>
    Effect.flatMap(sql<{ id: string }>`SELECT id::text AS id FROM lead WHERE subscription_id = ${subscriptionId}`, ([lead]) =>
      lead === undefined ? new NotFound({ message: "No se encontró la suscripción" }) : Effect.succeed(lead.id)
    )

  /**
   * Takes a carga off a titular within a subscription and answers the link; a link already gone
   * answers the same with `removed: false` (removing twice is not an error). The person stays.
   */
  const removeBeneficiary = (input: RemoveBeneficiaryInput): Effect.Effect<RemovedBeneficiary, NotFound> =>
    transaction(
      Effect.gen(function* () {
        const leadId = yield* leadOf(input.subscription_id)
        const deleted = yield* sql`DELETE FROM lead_beneficiary
          WHERE lead_id = ${leadId} AND insured_id = ${input.insured_id} AND beneficiary_id = ${input.beneficiary_id}
          RETURNING lead_id`
        return {
          lead_id: leadId,
          subscription_id: input.subscription_id,
          insured_id: input.insured_id,
          beneficiary_id: input.beneficiary_id,
          removed: deleted.length > 0
        }
      })
    )

  /**
   * Upserts the carga by RUT and links it to a titular of the subscription; linking it again
   * answers the same link. A titular the subscription does not cover is a 404, like an unknown subscription.
   */
  const addBeneficiary = (input: AddBeneficiaryInput) =>
    transaction(
      Effect.gen(function* () {
        const leadId = yield* leadOf(input.subscription_id)
        const covered = yield* sql`SELECT 1 FROM lead_insured WHERE lead_id = ${leadId} AND insured_id = ${input.insured_id}`
        if (covered.length === 0) return yield* new NotFound({ message: "El titular no pertenece a la suscripción" })
        const carga = yield* people.upsertBeneficiary(input.beneficiary_data)
        yield* sql`INSERT INTO lead_beneficiary ${sql.insert({ lead_id: leadId, insured_id: input.insured_id, beneficiary_id: carga.id })}
          ON CONFLICT DO NOTHING`
        return { lead_id: leadId, subscription_id: input.subscription_id, insured_id: input.insured_id, beneficiary_id: carga.id } satisfies AddedBeneficiary
      })
    )

  return { removeBeneficiary, addBeneficiary }
})

/** Changes to who a subscription covers. */
export class LeadService extends Context.Tag("palma/LeadService")<LeadService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(LeadService, make).pipe(Layer.provide(PersonWriter.layer))
}
