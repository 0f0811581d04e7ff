import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Value } from "@palma/core/domain"
import { PalmaApi } from "@palma/core/api"
import { masterGroupHandlers } from "../master/Http.js"
import { valueTable } from "./tableSql.js"

export const ValueLive = HttpApiBuilder.group(PalmaApi, "value", (handlers) =>
  masterGroupHandlers(Value, valueTable, (value) =>
    handlers
      .handle("create", ({ payload }) => value.create(payload))
      // The seed sends the id in the body.
      .handle("update", ({ payload }) => value.update(payload.id, payload))
      // The seed answers these families as family rows.
      .handle("getFamilies", () => Effect.map(value.families, (rows) => rows.map((f) => ({ id: f.family_id, name: f.family_name, isActive: true }))))
      .handle("getByFamilyId", ({ path }) => value.list(path.family_id))
  )
)
