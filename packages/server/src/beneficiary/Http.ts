import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { answerVersioned, ifMatch } from "../http/etag.js"
import { PersonWriter } from "../person/PersonWriter.js"

/** The `beneficiary` group of the contract: cargas upserted by RUT, and read and edited by id. */
export const BeneficiaryLive = HttpApiBuilder.group(PalmaApi, "beneficiary", (handlers) =>
  Effect.map(Effect.map(PersonWriter, served), (people) =>
    handlers
      .handle("upsert", ({ payload }) => people.upsertBeneficiary(payload))
      .handle("getById", ({ path }) => Effect.flatMap(people.getBeneficiary(path.id), answerVersioned))
      .handle("update", ({ path, payload }) =>
        ifMatch.pipe(
          Effect.flatMap((precondition) => people.updateBeneficiary(path.id, payload, precondition)),
          Effect.flatMap(answerVersioned)
        )
      )
  )
).pipe(Layer.provide(PersonWriter.layer))
