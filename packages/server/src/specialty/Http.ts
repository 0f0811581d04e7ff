import { HttpApiBuilder } from "@effect/platform"
import { Specialty, PalmaApi } from "@palma/core"
import { masterGroupHandlers } from "../master/Http.js"
import { specialtyTable } from "./table.js"

export const SpecialtyLive = HttpApiBuilder.group(PalmaApi, "specialty", (handlers) =>
  masterGroupHandlers(Specialty, specialtyTable, (specialty) =>
    handlers
      .handle("create", ({ payload }) => specialty.create(payload))
      .handle("update", ({ path, payload }) => specialty.update(path.id, payload))
      .handle("families", () => specialty.families)
      .handle("getByFamilyId", ({ path }) => specialty.list(path.family_id))
  )
)
