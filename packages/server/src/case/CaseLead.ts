import { Context, Effect, Layer, Option } from "effect"
import { Invalid } from "../domain/errors.js"
import { CaseLeadRepo } from "./CaseLeadRepo.js"

const invalid = (path: ReadonlyArray<string>, message: string) => new Invalid({ message, issues: [{ path, message }] })

const make = Effect.gen(function* () {
  const repo = yield* CaseLeadRepo

  /**
   * The subscription of a type-C case (a person no policy covers, registered as the case is
   * opened), as the original's `lead_upsert` made it from the plan and the applicant: the person
   * becomes the customer (P) who pays, on `productPlanId`, from `date` for the product's term,
   * with the person as its titular. A subscription of this person on that plan in force on `date`
   * is reused instead. Runs in the case's transaction: a case refused later leaves no subscription.
   */
  const forApplicant = (insuredId: string, productPlanId: string, date: string) =>
    Effect.gen(function* () {
      const term = yield* repo.activePlanTerm(productPlanId)
      if (Option.isNone(term)) return yield* invalid(["productplan_id"], "El plan elegido no existe o no está activo")
      const rut = yield* repo.insuredRut(insuredId)
      if (Option.isNone(rut)) return yield* invalid(["insured", "id"], "Registre a la persona antes de abrir el caso")
      const current = yield* repo.inForce(insuredId, productPlanId, date)
      if (Option.isSome(current)) return current.value
      return yield* repo.create(insuredId, rut.value, productPlanId, date, term.value)
    })

  return { forApplicant }
})

/** The subscription a type-C case opens for its applicant. */
export class CaseLead extends Context.Tag("palma/CaseLead")<CaseLead, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseLead, make).pipe(Layer.provide(CaseLeadRepo.layer))
}
