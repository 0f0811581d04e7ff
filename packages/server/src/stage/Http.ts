import { HttpApiBuilder } from "@effect/platform"
import { Stage } from "@palma/core/domain"
import { PalmaApi } from "@palma/core/api"
import { masterGroupHandlers } from "../master/Http.js"
import { stageTable } from "./tableSql.js"

export const StageLive = HttpApiBuilder.group(PalmaApi, "stage", (handlers) =>
  masterGroupHandlers(Stage, stageTable, (stage) =>
    handlers.handle("create", ({ payload }) => stage.create(payload)).handle("update", ({ path, payload }) => stage.update(path.id, payload))
  )
)
