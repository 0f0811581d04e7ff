import { Context, Effect, Layer } from "effect"
import { type InsuredSubscriptions as Answer } from "@palma/core/domain"
import { ContractorRepo } from "../contractor/ContractorRepo.js"
import { toSubscription } from "../contractor/ContractorService.js"
import { Missing } from "../domain/errors.js"
import { PersonRepo } from "../person/PersonRepo.js"

const make = Effect.gen(function* () {
  const people = yield* PersonRepo
  const subscriptions = yield* ContractorRepo

  /** A titular and every subscription that covers them (expired ones too: the operator sees why a case is refused). */
  const of = (insuredId: string): Effect.Effect<Answer, Missing> =>
    Effect.gen(function* () {
      const insured = yield* Effect.flatMap(
        people.findInsured(insuredId),
        Effect.orElseFail(() => new Missing({ message: "No se encontró el asegurado" }))
      )
      const rows = yield* subscriptions.covering(insuredId)
      return { insured, subscriptions: rows.map(toSubscription) }
    })

  return { of }
})

/** Palma's `insured/subscriptions/:id`: what covers a titular the operators found. */
export class InsuredSubscriptions extends Context.Tag("palma/InsuredSubscriptions")<InsuredSubscriptions, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(InsuredSubscriptions, make).pipe(Layer.provide([PersonRepo.layer, ContractorRepo.layer]))
}
