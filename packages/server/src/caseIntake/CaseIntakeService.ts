import { Context, Effect, Layer, Option, Schema } from "effect"
import {
  amountInClp,
  type ApplicantLookup,
  chileDateOf,
  type CoverageCheck,
  coverageProblems,
  type CoverageUsed,
  KnownApplicant,
  type OfferedAssistance,
  type Rut,
  type ServicesAndValues,
  type ServicesAndValuesInput
} from "@palma/core/domain"
import { UfService } from "../uf/UfService.js"
import { ApplicantRepo, type ApplicantRow } from "./ApplicantRepo.js"
import { CoverageRepo, nothingUsed, type Parties } from "./CoverageRepo.js"

const uniqueBy = <A>(items: ReadonlyArray<A>, key: (a: A) => string): ReadonlyArray<A> => [...new Map(items.map((a) => [key(a), a] as const)).values()]

/** The person's policies of one kind (titular before carga), folded into the original's answer. */
const lookupOf = (rows: ReadonlyArray<ApplicantRow>) =>
  Effect.gen(function* () {
    const first = rows[0]
    if (first === undefined) return { type: "C" } as const
    const same = rows.filter((r) => r.type === first.type)
    return yield* Schema.decodeUnknown(KnownApplicant)({
      type: first.type,
      customer: first.customer,
      insured: first.insured,
      beneficiary: first.beneficiary,
      retails: uniqueBy(
        same.map((r) => r.retail),
        (r) => r.id
      ),
      products: same.map((r) => r.product)
    }).pipe(Effect.orDie)
  })

const make = Effect.gen(function* () {
  const applicants = yield* ApplicantRepo
  const coverage = yield* CoverageRepo
  const uf = yield* UfService

  /** `getApplicantByRut`: only policies in force on `date` (default today in Chile) count. */
  const applicant = (rut: Rut.Rut, date: string | undefined): Effect.Effect<ApplicantLookup> =>
    Effect.flatMap(applicants.find(rut, date ?? chileDateOf(new Date())), lookupOf)

  /** Palma's check of the chosen assistance on the event date, amounts in pesos at that day's UF. */
  const check = (chosen: OfferedAssistance, policyStartDate: string | null, eventDate: string) =>
    Effect.gen(function* () {
      const { assigned } = chosen
      const rate = assigned.currency === "U" ? yield* uf.find(eventDate) : Option.none()
      const value = Option.getOrNull(rate)
      const toClp = (amount: typeof assigned.amount) => amountInClp(amount, value?.value ?? null)
      const amount = toClp(assigned.amount)
      const maximum = toClp(assigned.maximum)
      return {
        problems: coverageProblems({ assigned, amountClp: amount, used: chosen.used, policyStartDate, eventDate }),
        uf: value,
        assigned_clp: amount === null || maximum === null ? null : { amount, maximum }
      } satisfies CoverageCheck
    })

  /**
   * `getServicesAndValues`: the lead that covers the parties on the event date, the product's
   * assistances with their coverage, the chosen one with what was used in the period, the values
   * to capture, and Palma's coverage check. Unknown or missing ids answer nulls and empty lists,
   * as the original did; the six ids are echoed.
   */
  const servicesAndValues = (input: ServicesAndValuesInput): Effect.Effect<ServicesAndValues> =>
    Effect.gen(function* () {
      const eventDate = input.eventDate ?? chileDateOf(new Date())
      const unknown: ServicesAndValues = {
        insured_id: input.insured_id,
        beneficiary_id: input.beneficiary_id,
        retail_id: input.retail_id,
        customer_id: input.customer_id,
        lead_id: null,
        product: null,
        assistances: [],
        assistance: null,
        values: null,
        eventDate,
        coverage: null
      }
      const product = input.product_id === null ? Option.none() : yield* coverage.product(input.product_id)
      if (Option.isNone(product)) return unknown
      const parties: Option.Option<Parties> =
        input.insured_id === null ? Option.none() : Option.some({ ...input, insured_id: input.insured_id, product_id: product.value.id })
      const lead = Option.isNone(parties) ? Option.none() : yield* coverage.leadFor(parties.value, eventDate)
      const assistances = yield* coverage.assistances(product.value.id)
      // Every assistance offered shows what was used of it, counted as for the chosen one.
      const used =
        Option.isSome(lead) && Option.isSome(parties)
          ? yield* coverage.usedOf(
              lead.value.id,
              assistances.map((a) => a.id),
              parties.value,
              eventDate
            )
          : new Map<string, CoverageUsed>()
      const offered = assistances.map((a) => ({ ...a, used: used.get(a.id) ?? nothingUsed }))
      const known = { ...unknown, lead_id: Option.getOrNull(lead)?.id ?? null, product: product.value, assistances: offered }
      const chosen = offered.find((a) => a.id === input.assistance_id)
      if (chosen === undefined) return known
      return {
        ...known,
        assistance: chosen,
        values: yield* coverage.values(chosen.id),
        coverage: yield* check(chosen, Option.getOrNull(lead)?.start_date ?? null, eventDate)
      }
    })

  return { applicant, servicesAndValues }
})

/** The lookups that open a case: the applicant by RUT, and the coverage of their plan. */
export class CaseIntakeService extends Context.Tag("palma/CaseIntakeService")<CaseIntakeService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseIntakeService, make).pipe(Layer.provide([ApplicantRepo.layer, CoverageRepo.layer]))
}
