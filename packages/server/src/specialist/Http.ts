import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core"
import { SpecialistService } from "./SpecialistService.js"

/** The `specialist` group of the contract: who attends cases. */
export const SpecialistLive = HttpApiBuilder.group(PalmaApi, "specialist", (handlers) =>
  Effect.gen(function* () {
    const specialists = yield* SpecialistService
    return handlers
      .handle("getFamilies", () => specialists.families)
      .handle("getAssistances", ({ path }) => specialists.assistances(path.family_id))
      .handle("getAll", () => specialists.all)
      .handle("page", ({ urlParams }) => specialists.page(urlParams))
      .handle("getById", ({ path }) => specialists.getById(path.id))
      .handle("getByRut", ({ path }) => specialists.getByRut(path.rut))
      .handle("getByAssistanceAndDistrict", ({ path }) => specialists.selection(path.assistance_id, path.district))
      .handle("getBySpecialtyId", ({ path }) => specialists.bySpecialty(path.id))
      .handle("getByName", ({ path }) => specialists.byName(path.name))
      .handle("create", ({ payload }) => specialists.upsert(payload))
      .handle("deleteById", ({ path }) => specialists.deactivate(path.id))
  })
).pipe(Layer.provide(SpecialistService.layer))
