import { type Context, Effect } from "effect"
import { Missing } from "../domain/errors.js"
import type { ProviderSpecialtiesRepo } from "./ProviderSpecialtiesRepo.js"

/** Every specialty a provider is given must exist and be active: Missing, naming the first that is not. */
export const requireSpecialties = (specialties: Context.Tag.Service<ProviderSpecialtiesRepo>, ids: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const active = yield* specialties.active(ids)
    const missing = ids.find((id) => !active.has(id))
    if (missing !== undefined) return yield* Effect.fail(new Missing({ message: `La especialidad ${missing} no existe o está inactiva` }))
  })
