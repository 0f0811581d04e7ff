import { Context, Effect, Layer, Option } from "effect"
import { type ContractData } from "@palma/core/domain"
import { createHash } from "node:crypto"
import { Missing } from "../domain/errors.js"
import { PlanRepo } from "../product/PlanRepo.js"
import { PlanContractRepo } from "./PlanContractRepo.js"
import { renderContract } from "./renderContract.js"
import { caseNotFound, planNotFound } from "../domain/messages.js"

/** Bump when the layout changes, so every stored contract is drawn again. */
const LAYOUT = "contrato-v2"

/** What the PDF depends on: the layout and the data it shows. */
const contractHash = (data: ContractData): string =>
  createHash("sha256")
    .update(JSON.stringify({ layout: LAYOUT, data }))
    .digest("hex")

const make = Effect.gen(function* () {
  const plans = yield* PlanRepo
  const stored = yield* PlanContractRepo

  /** What a plan's contract is made from: the plan (retail, prices) and its product with coverage, whatever their state. */
  const dataOf = (planId: string): Effect.Effect<ContractData, Missing> =>
    plans.findPricedById(planId).pipe(
      Effect.flatMap(Effect.orElseFail(() => new Missing({ message: planNotFound }))),
      // Keys in this order: the stored PDFs' hashes are of this JSON.
      Effect.map(({ plan, product }) => ({ plan, product }))
    )

  /** Served as stored while the product and plan are unchanged; drawn again (and stored) when they differ. */
  const pdfOf = (planId: string) =>
    Effect.gen(function* () {
      const data = yield* dataOf(planId)
      const hash = contractHash(data)
      const cached = yield* stored.findStored(planId)
      if (Option.isSome(cached) && cached.value.hash === hash) return cached.value.pdf
      const pdf = yield* renderContract(data)
      yield* stored.store(planId, hash, pdf)
      return pdf
    })

  /** The plan a case is on; a case without a subscription (migrated data) has no contract to show. */
  const planOfCase = (caseId: string) =>
    stored.planOfCase(caseId).pipe(
      Effect.flatMap(
        Option.match({
          onNone: () => Effect.fail(new Missing({ message: caseNotFound })),
          onSome: ({ plan_id }) =>
            plan_id === null ? Effect.fail(new Missing({ message: "El caso no tiene una suscripción: no hay contrato que mostrar" })) : Effect.succeed(plan_id)
        })
      )
    )

  const base64 = (pdf: Uint8Array) => Buffer.from(pdf).toString("base64")

  return {
    dataOf,
    base64Of: (planId: string) => Effect.map(pdfOf(planId), (pdf) => ({ base64: base64(pdf) })),
    /** The contract of the case's plan, in the original's envelope. */
    ofCase: (caseId: string) =>
      planOfCase(caseId).pipe(
        Effect.flatMap(pdfOf),
        Effect.map((pdf) => ({ success: true as const, data: base64(pdf), error: null }))
      )
  }
})

/** A plan's contract PDF (planContract, never the HTTP contract), drawn from its data and kept until that changes. */
export class PlanContractService extends Context.Tag("palma/PlanContractService")<PlanContractService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(PlanContractService, make).pipe(Layer.provide([PlanRepo.layer, PlanContractRepo.layer]))
}
