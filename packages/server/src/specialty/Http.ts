import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { Specialty } from "@palma/core/domain"
import { PalmaApi } from "@palma/core/api"
import { masterGroupHandlers } from "../master/Http.js"
import { ProviderSpecialties } from "../provider/ProviderSpecialties.js"
import { specialtyTable } from "./table.js"

export const SpecialtyLive = HttpApiBuilder.group(PalmaApi, "specialty", (handlers) =>
  Effect.flatMap(ProviderSpecialties, (providers) =>
    masterGroupHandlers(Specialty, specialtyTable, (specialty) =>
      handlers
        .handle("create", ({ payload }) => specialty.create(payload))
        .handle("update", ({ path, payload }) => specialty.update(path.id, payload))
        .handle("families", () => specialty.families)
        .handle("getByFamilyId", ({ path }) => specialty.list(path.family_id))
        .handle("getSpecialitiesByAssistance", ({ path }) => providers.forAssistance("specialist", path.id, path.assistance_id))
        .handle("getSpecialitiesByPartner", ({ path }) => providers.forAssistance("partner", path.id, path.assistance_id))
    )
  )
).pipe(Layer.provide(ProviderSpecialties.layer))
