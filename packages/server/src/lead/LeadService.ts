import { Context, Effect, Layer, Option } from "effect"
import { type AddBeneficiaryInput, type AddedBeneficiary, type RemoveBeneficiaryInput, type RemovedBeneficiary } from "@palma/core/domain"
import { Missing } from "../domain/errors.js"
import { PersonWriter } from "../person/PersonWriter.js"
import { LeadRepo } from "./LeadRepo.js"
import { subscriptionNotFound } from "../domain/messages.js"

const make = Effect.gen(function* () {
  const leads = yield* LeadRepo
  const people = yield* PersonWriter

  /** The subscription's lead that covers the titular: `Missing` for an unknown subscription, or a titular it does not cover. */
  const leadCovering = (subscriptionId: number, insuredId: string) =>
    Effect.flatMap(
      leads.subscriptionLead(subscriptionId, insuredId),
      Option.match({
        onNone: () => Effect.fail(new Missing({ message: subscriptionNotFound })),
        onSome: (lead) => (lead.covers ? Effect.succeed(lead.lead_id) : Effect.fail(new Missing({ message: "El titular no pertenece a la suscripción" })))
      })
    )

  /**
   * Takes a carga off a titular within a subscription and answers the link (with the titular it
   * was taken from); a link already gone answers the same with `removed: false` (removing twice is
   * not an error). The person stays.
   */
  const removeBeneficiary = (input: RemoveBeneficiaryInput): Effect.Effect<RemovedBeneficiary, Missing> =>
    leads.transaction(
      Effect.gen(function* () {
        const leadId = yield* leadCovering(input.subscription_id, input.insured_id)
        const from = yield* leads.unlinkBeneficiary(leadId, input.insured_id, input.beneficiary_id)
        return {
          lead_id: leadId,
          subscription_id: input.subscription_id,
          insured_id: from.includes(input.insured_id) ? input.insured_id : (from[0] ?? input.insured_id),
          beneficiary_id: input.beneficiary_id,
          removed: from.length > 0
        }
      })
    )

  /** Upserts the carga by RUT and links it to a titular of the subscription; linking it again answers the same link. */
  const addBeneficiary = (input: AddBeneficiaryInput) =>
    leads.transaction(
      Effect.gen(function* () {
        const leadId = yield* leadCovering(input.subscription_id, input.insured_id)
        const carga = yield* people.upsertBeneficiary(input.beneficiary_data)
        yield* leads.linkBeneficiary(leadId, input.insured_id, carga.id)
        return { lead_id: leadId, subscription_id: input.subscription_id, insured_id: input.insured_id, beneficiary_id: carga.id } satisfies AddedBeneficiary
      })
    )

  return { removeBeneficiary, addBeneficiary }
})

/** Changes to who a subscription covers. */
export class LeadService extends Context.Tag("palma/LeadService")<LeadService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(LeadService, make).pipe(Layer.provide([LeadRepo.layer, PersonWriter.layer]))
}
