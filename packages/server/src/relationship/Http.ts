import { HttpApiBuilder } from "@effect/platform"
import { Relationship } from "@palma/core/domain"
import { PalmaApi } from "@palma/core/api"
import { masterGroupHandlers } from "../master/Http.js"
import { relationshipTable } from "./tableSql.js"

export const RelationshipLive = HttpApiBuilder.group(PalmaApi, "relationship", (handlers) =>
  masterGroupHandlers(Relationship, relationshipTable, (relationship) =>
    handlers.handle("create", ({ payload }) => relationship.create(payload)).handle("update", ({ path, payload }) => relationship.update(path.id, payload))
  )
)
