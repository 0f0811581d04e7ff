import { HttpApiBuilder } from "@effect/platform"
import { Procedure } from "@palma/core/domain"
import { PalmaApi } from "@palma/core/api"
import { masterGroupHandlers } from "../master/Http.js"
import { procedureTable } from "./tableSql.js"

export const ProcedureLive = HttpApiBuilder.group(PalmaApi, "procedure", (handlers) =>
  masterGroupHandlers(Procedure, procedureTable, (procedure) =>
    handlers.handle("create", ({ payload }) => procedure.create(payload)).handle("update", ({ path, payload }) => procedure.update(path.id, payload))
  )
)
