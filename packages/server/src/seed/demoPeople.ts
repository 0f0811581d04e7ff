import { Effect } from "effect"
import { generatePeople } from "./peopleGenerator.js"
import { generatorInputs, writePeople } from "./peopleWriter.js"
import { once } from "./once.js"

/**
 * ~2,000 customers (one in twelve a company with several titulares) on the demo channels' plans,
 * ~3,000 titulares, their cargas, policies current and ended, and payments (some in arrears).
 * Dated from the day of the first start; skipped when there are no plans to subscribe.
 */
export const seedDemoPeople = once(
  "demo-people-v1",
  Effect.gen(function* () {
    const { plans, districts, relationships } = yield* generatorInputs
    if (plans.length === 0 || districts.length === 0) return
    const today = new Date().toISOString().slice(0, 10)
    yield* writePeople(generatePeople({ plans, districts, relationships, today, customers: 2000, companyEvery: 12, seed: 20261123 }))
  })
)
