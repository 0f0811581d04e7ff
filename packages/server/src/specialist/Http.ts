import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { providerHandlers } from "../provider/providerHandlers.js"
import { SpecialistService } from "./SpecialistService.js"

/** The `specialist` group of the contract: who attends cases. */
export const SpecialistLive = HttpApiBuilder.group(PalmaApi, "specialist", (handlers) =>
  Effect.gen(function* () {
    const specialists = served(yield* SpecialistService)
    const one = providerHandlers(specialists)
    return handlers
      .handle("getFamilies", () => specialists.families)
      .handle("getAssistances", ({ path }) => specialists.assistances(path.family_id))
      .handle("getAll", () => specialists.all)
      .handle("page", ({ urlParams }) => specialists.page(urlParams))
      .handle("getById", one.getById)
      .handle("getByRut", one.getByRut)
      .handle("getByAssistanceAndDistrict", ({ path }) => specialists.selection(path.assistance_id, path.district))
      .handle("getNearby", ({ path }) => specialists.nearby(path.assistance_id, path.district))
      .handle("getBySpecialtyId", ({ path }) => specialists.bySpecialty(path.id))
      .handle("getByName", ({ path }) => specialists.byName(path.name))
      .handle("create", ({ payload }) => specialists.upsert(payload))
      .handle("update", one.update)
      .handle("deleteById", one.deactivate)
  })
).pipe(Layer.provide(SpecialistService.layer))
