import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core"
import { PersonWriter } from "../person/PersonWriter.js"

/** The `beneficiary` group of the contract: cargas upserted by RUT. */
export const BeneficiaryLive = HttpApiBuilder.group(PalmaApi, "beneficiary", (handlers) =>
  Effect.map(PersonWriter, (people) => handlers.handle("upsert", ({ payload }) => people.upsertBeneficiary(payload)))
).pipe(Layer.provide(PersonWriter.layer))
