import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { Specialty } from "@palma/core/domain"
import { PalmaApi } from "@palma/core/api"
import { masterGroupHandlers } from "../master/Http.js"
import { PartnerService } from "../partner/PartnerService.js"
import { SpecialistService } from "../specialist/SpecialistService.js"
import { specialtyTable } from "./tableSql.js"

export const SpecialtyLive = HttpApiBuilder.group(PalmaApi, "specialty", (handlers) =>
  Effect.flatMap(Effect.all([SpecialistService, PartnerService]), ([specialists, partners]) =>
    masterGroupHandlers(Specialty, specialtyTable, (specialty) =>
      handlers
        .handle("create", ({ payload }) => specialty.create(payload))
        .handle("update", ({ path, payload }) => specialty.update(path.id, payload))
        .handle("families", () => specialty.families)
        .handle("getByFamilyId", ({ path }) => specialty.list(path.family_id))
        .handle("getSpecialitiesByAssistance", ({ path }) => specialists.specialtiesFor(path.id, path.assistance_id))
        .handle("getSpecialitiesByPartner", ({ path }) => partners.specialtiesFor(path.id, path.assistance_id))
    )
  )
).pipe(Layer.provide([SpecialistService.layer, PartnerService.layer]))
