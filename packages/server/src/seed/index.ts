import { Effect } from "effect"
import { seedDemoCases } from "./demoCases.js"
import { seedDemoCatalog } from "./demoCatalog.js"
import { seedDemoRetails } from "./demoRetails.js"
import { seedDemoMasters } from "./demoMasters.js"
import { seedDemoProviders } from "./demoProviders.js"
import { seedDemoPeople } from "./demoPeople.js"
import { seedDemoUf } from "./demoUf.js"
import { seedDemoUsers } from "./demoUsers.js"
import { seedDistricts } from "./districts.js"
import { seedReference } from "./reference.js"
import { SeededSteps, seededSteps } from "./once.js"

export interface SeedOptions {
  /** Demo masters (and demo users in local mode); `PALMA_SEED_DEMO=0` turns it off. */
  readonly demo: boolean
  /** Password of the demo users; none in Clerk mode (users live at Clerk). */
  readonly demoPassword: string | null
}

/** Idempotent: safe on every start. */
export const seed = (options: SeedOptions) => Effect.flatMap(seededSteps, (done) => Effect.provideService(steps(options), SeededSteps, done))

const steps = (options: SeedOptions) =>
  Effect.gen(function* () {
    yield* seedDistricts
    yield* seedReference
    if (options.demo) {
      yield* seedDemoMasters
      yield* seedDemoCatalog
      yield* seedDemoRetails
      yield* seedDemoProviders
      yield* seedDemoPeople
      yield* seedDemoUf
      if (options.demoPassword !== null) yield* seedDemoUsers(options.demoPassword)
      yield* seedDemoCases
    }
  })
