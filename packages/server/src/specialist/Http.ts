import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { answerVersioned, ifMatch } from "../http/etag.js"
import { SpecialistService } from "./SpecialistService.js"
import { stillAssignedConflict } from "../case/StillAssigned.js"

/** The `specialist` group of the contract: who attends cases. */
export const SpecialistLive = HttpApiBuilder.group(PalmaApi, "specialist", (handlers) =>
  Effect.gen(function* () {
    const specialists = served(yield* SpecialistService)
    return handlers
      .handle("getFamilies", () => specialists.families)
      .handle("getAssistances", ({ path }) => specialists.assistances(path.family_id))
      .handle("getAll", () => specialists.all)
      .handle("page", ({ urlParams }) => specialists.page(urlParams))
      .handle("getById", ({ path }) => Effect.flatMap(specialists.getById(path.id), answerVersioned))
      .handle("getByRut", ({ path }) => specialists.getByRut(path.rut))
      .handle("getByAssistanceAndDistrict", ({ path }) => specialists.selection(path.assistance_id, path.district))
      .handle("getNearby", ({ path }) => specialists.nearby(path.assistance_id, path.district))
      .handle("getBySpecialtyId", ({ path }) => specialists.bySpecialty(path.id))
      .handle("getByName", ({ path }) => specialists.byName(path.name))
      .handle("create", ({ payload }) => specialists.upsert(payload))
      .handle("update", ({ path, payload }) =>
        ifMatch.pipe(
          Effect.flatMap((precondition) => specialists.update(path.id, payload, precondition)),
          Effect.flatMap(answerVersioned)
        )
      )
      .handle("deleteById", ({ path }) =>
        Effect.flatMap(ifMatch, (precondition) => specialists.deactivate(path.id, precondition)).pipe(
          Effect.catchTag("StillAssigned", (e) => Effect.fail(stillAssignedConflict(e)))
        )
      )
  })
).pipe(Layer.provide(SpecialistService.layer))
