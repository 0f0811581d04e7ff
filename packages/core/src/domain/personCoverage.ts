import type { Amount } from "./money.js"
import type { CustomerOrigins, InsuredSubscriptions } from "./subscription.js"

/** One assistance of a subscribed product: the amount covered, the cap per event, events per period and waiting days (carencia). */
export interface CoverageLine {
  readonly name: string
  readonly amount: Amount
  readonly maximum: Amount
  readonly events: number
  readonly lack: number
}

/** A subscription as the operators read it: the plan, its policy and period, and what it covers. */
export interface CoveredSubscription {
  readonly subscription_id: number
  readonly policy: string
  readonly plan: string
  readonly startDate: string
  readonly endDate: string
  readonly assistances: ReadonlyArray<CoverageLine>
}

/** A customer or a titular with every subscription they have, for the operators' search. */
export interface PersonCoverage {
  readonly rut: string
  readonly name: string
  readonly subscriptions: ReadonlyArray<CoveredSubscription>
}

const named = (p: { readonly name: string; readonly paternalLastName: string; readonly maternalLastName: string }) =>
  [p.name, p.paternalLastName, p.maternalLastName].filter((s) => s.trim() !== "").join(" ")

const line = (a: CoverageLine): CoverageLine => ({ name: a.name, amount: a.amount, maximum: a.maximum, events: a.events, lack: a.lack })

/** `getCustomerById`'s origins, as coverage. */
export const customerCoverage = (answer: CustomerOrigins): PersonCoverage => ({
  rut: answer.customer.rut,
  name: named(answer.customer),
  subscriptions: answer.origins.map((o) => ({
    subscription_id: o.subscription_id,
    policy: o.policy,
    plan: o.product.name,
    startDate: o.dates.init,
    endDate: o.dates.end,
    assistances: o.product.assistances.map(line)
  }))
})

/** `insured/subscriptions`, as coverage. */
export const insuredCoverage = (answer: InsuredSubscriptions): PersonCoverage => ({
  rut: answer.insured.rut,
  name: named(answer.insured),
  subscriptions: answer.subscriptions.map((s) => ({
    subscription_id: s.subscription_id,
    policy: s.policy,
    plan: s.name,
    startDate: s.startDate,
    endDate: s.endDate,
    assistances: s.assistances.map(line)
  }))
})

/** Whether a policy covers `today` ("YYYY-MM-DD"; ISO dates compare as strings). */
export const inForce = (s: { readonly startDate: string; readonly endDate: string }, today: string): boolean => s.startDate <= today && today <= s.endDate
