import { HttpApiBuilder } from "@effect/platform"
import { Document } from "@palma/core/domain"
import { PalmaApi } from "@palma/core/api"
import { masterGroupHandlers } from "../master/Http.js"
import { documentTable } from "./tableSql.js"

export const DocumentLive = HttpApiBuilder.group(PalmaApi, "document", (handlers) =>
  masterGroupHandlers(Document, documentTable, (document) =>
    handlers
      .handle("create", ({ payload }) => document.create(payload))
      .handle("update", ({ path, payload }) => document.update(path.id, payload))
      .handle("families", () => document.families)
      .handle("getByFamilyId", ({ path }) => document.list(path.family_id))
  )
)
