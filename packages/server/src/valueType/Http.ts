import { HttpApiBuilder } from "@effect/platform"
import { ValueType } from "@palma/core/domain"
import { PalmaApi } from "@palma/core/api"
import { masterGroupHandlers } from "../master/Http.js"
import { valueTypeTable } from "./tableSql.js"

export const ValueTypeLive = HttpApiBuilder.group(PalmaApi, "valueType", (handlers) =>
  masterGroupHandlers(ValueType, valueTypeTable, (valueType) =>
    handlers
      .handle("create", ({ payload }) => valueType.create(payload))
      // The seed sends the id in the body.
      .handle("update", ({ payload }) => valueType.update(payload.id, payload))
  )
)
