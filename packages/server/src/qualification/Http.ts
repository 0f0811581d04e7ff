import { HttpApiBuilder } from "@effect/platform"
import { Qualification } from "@palma/core/domain"
import { PalmaApi } from "@palma/core/api"
import { masterGroupHandlers } from "../master/Http.js"
import { qualificationTable } from "./tableSql.js"

export const QualificationLive = HttpApiBuilder.group(PalmaApi, "qualification", (handlers) =>
  masterGroupHandlers(Qualification, qualificationTable, (qualification) =>
    handlers.handle("create", ({ payload }) => qualification.create(payload)).handle("update", ({ path, payload }) => qualification.update(path.id, payload))
  )
)
