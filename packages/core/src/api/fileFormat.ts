import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { Id } from "../domain/fields.js"
import { FileFormat, FileFormatRetail, FileFormatInput } from "../domain/fileFormat.js"
import { NotFound, PreconditionFailed } from "./errors.js"
import { Admin, Staff } from "./security.js"

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

export const ProductPlanPath = Schema.Struct({ productPlan_id: Id })

/**
 * The roster layout of each plan: ordered columns a channel's Excel carries. `create` replaces
 * the plan's previous format and answers the new one (the original answered "ok"; its client
 * reads nothing); delete answers `true`, as the original. `template` (Palma's) is an empty
 * workbook with the format's header row.
 */
export const FileFormatApi = HttpApiGroup.make("fileFormat")
  .add(
    HttpApiEndpoint.post("create", "/create")
      .setPayload(FileFormatInput)
      .addSuccess(FileFormat)
      .addError(NotFound)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  .add(
    HttpApiEndpoint.get("getByProductPlanId", "/getByProductPlanId/:productPlan_id")
      .setPath(ProductPlanPath)
      .addSuccess(FileFormat)
      .addError(NotFound)
      .middleware(Staff)
  )
  .add(HttpApiEndpoint.get("getAll", "/getAll").addSuccess(Schema.Array(FileFormatRetail)).middleware(Staff))
  .add(
    HttpApiEndpoint.del("deleteByProductPlanId", "/deleteByProductPlanId/:productPlan_id")
      .setPath(ProductPlanPath)
      .addSuccess(Schema.Literal(true))
      .addError(NotFound)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  .add(
    HttpApiEndpoint.get("template", "/template/:productPlan_id")
      .setPath(ProductPlanPath)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: XLSX_CONTENT_TYPE }))
      .addError(NotFound)
      .middleware(Staff)
  )
  .prefix("/fileFormat")
