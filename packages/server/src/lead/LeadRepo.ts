import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { transactionOf } from "../sql/Transaction.js"

/** A subscription's lead, and whether it covers the titular asked about. */
const SubscriptionLead = Schema.Struct({ lead_id: Schema.String, covers: Schema.Boolean })

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** The subscription's lead that covers the titular, or else one of its leads (covers: false); none for an unknown subscription. */
  const subscriptionLead = SqlSchema.findOne({
    Request: Schema.Struct({ subscriptionId: Schema.Number, insuredId: Schema.String }),
    Result: SubscriptionLead,
    execute: ({ subscriptionId, insuredId }) => sql`SELECT l.id::text AS lead_id, li.insured_id IS NOT NULL AS covers
      FROM lead l LEFT JOIN lead_insured li ON li.lead_id = l.id AND li.insured_id = ${insuredId}
      WHERE l.subscription_id = ${subscriptionId} ORDER BY covers DESC LIMIT 1`
  })

  /**
   * Takes the carga off the titular in the lead; when that titular does not hold it, off the
   * lead's titular(s) who do: the original client lists every carga of a subscription under its
   * first titular, and names that one. Answers the titulares it was taken from.
   */
  const unlinkBeneficiary = (leadId: string, insuredId: string, beneficiaryId: string) =>
    Effect.map(
      sql<{ insured_id: string }>`DELETE FROM lead_beneficiary lb
        WHERE lb.lead_id = ${leadId} AND lb.beneficiary_id = ${beneficiaryId}
          AND (lb.insured_id = ${insuredId} OR NOT EXISTS (SELECT 1 FROM lead_beneficiary own
            WHERE own.lead_id = ${leadId} AND own.insured_id = ${insuredId} AND own.beneficiary_id = ${beneficiaryId}))
        RETURNING lb.insured_id::text AS insured_id`,
      (rows) => rows.map((r) => r.insured_id)
    )

  /** Links the carga to the titular in the lead; a link already there stays as it is. */
  const linkBeneficiary = (leadId: string, insuredId: string, beneficiaryId: string) =>
    sql`INSERT INTO lead_beneficiary ${sql.insert({ lead_id: leadId, insured_id: insuredId, beneficiary_id: beneficiaryId })} ON CONFLICT DO NOTHING`

  return {
    subscriptionLead: (subscriptionId: number, insuredId: string) => Effect.orDie(subscriptionLead({ subscriptionId, insuredId })),
    unlinkBeneficiary: (leadId: string, insuredId: string, beneficiaryId: string) => Effect.orDie(unlinkBeneficiary(leadId, insuredId, beneficiaryId)),
    linkBeneficiary: (leadId: string, insuredId: string, beneficiaryId: string) =>
      Effect.orDie(Effect.asVoid(linkBeneficiary(leadId, insuredId, beneficiaryId))),
    /** Commits together or not at all; a database failure is a defect. */
    transaction: transactionOf(sql)
  }
})

/** Who a subscription's leads cover: titulares and their cargas. */
export class LeadRepo extends Context.Tag("palma/LeadRepo")<LeadRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(LeadRepo, make)
}
