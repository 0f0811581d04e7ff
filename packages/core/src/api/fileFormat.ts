import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { Id } from "../domain/fields.js"
import { FileFormat, FileFormatInput } from "../domain/fileFormat.js"
import { NotFound } from "./errors.js"
import { IdPath } from "./master.js"
import { Admin, Staff } from "./security.js"

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

export const TemplatePath = Schema.Struct({ productPlan_id: Id })

/**
 * The roster layout of each plan: ordered columns a channel's Excel carries. `create` replaces
 * the plan's previous format; `template` is an empty workbook with the format's header row.
 */
export const FileFormatApi = HttpApiGroup.make("fileFormat")
  .add(HttpApiEndpoint.post("create", "/create").setPayload(FileFormatInput).addSuccess(FileFormat).addError(NotFound).middleware(Admin))
  .add(
    HttpApiEndpoint.get("getByProductPlanId", "/getByProductPlanId/:id")
      .setPath(IdPath)
      .addSuccess(FileFormat)
      .addError(NotFound)
      .middleware(Staff)
  )
  .add(HttpApiEndpoint.get("getAll", "/getAll").addSuccess(Schema.Array(FileFormat)).middleware(Staff))
  .add(
    HttpApiEndpoint.del("deleteByProductPlanId", "/deleteByProductPlanId/:id")
      .setPath(IdPath)
      .addSuccess(FileFormat)
      .addError(NotFound)
      .middleware(Admin)
  )
  .add(
    HttpApiEndpoint.get("template", "/template/:productPlan_id")
      .setPath(TemplatePath)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: XLSX_CONTENT_TYPE }))
      .addError(NotFound)
      .middleware(Staff)
  )
  .prefix("/fileFormat")
