import { HttpApiBuilder } from "@effect/platform"
import { Family } from "@palma/core/domain"
import { PalmaApi } from "@palma/core/api"
import { masterGroupHandlers } from "../master/Http.js"
import { familyTable } from "./tableSql.js"

export const FamilyLive = HttpApiBuilder.group(PalmaApi, "family", (handlers) =>
  masterGroupHandlers(Family, familyTable, (family) =>
    handlers.handle("create", ({ payload }) => family.create(payload)).handle("update", ({ path, payload }) => family.update(path.id, payload))
  )
)
