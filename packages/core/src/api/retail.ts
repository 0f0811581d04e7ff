import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, Multipart } from "@effect/platform"
import { Schema } from "effect"
import { Page, PageQuery } from "../domain/page.js"
import { Id } from "../domain/fields.js"
import { Retail, RetailDetail, RetailFound, RetailInput, RetailSearch, RetailWithPlans } from "../domain/retail.js"
import { RetailCustomer } from "../domain/retailCustomer.js"
import { Rut } from "../rut/Rut.js"
import { BadRequest, NotFound, PayloadTooLarge, PreconditionFailed } from "./errors.js"
import { deletedRecordsEndpoint, IdPath, restoreEndpoint } from "./master.js"
import { Admin, Staff } from "./security.js"

export const RutPath = Schema.Struct({ rut: Rut })

/** A channel and one of its plans (the original's second segment names a plan, not a product). */
export const RetailPlanPath = Schema.Struct({ retail_id: Id, productPlan_id: Id })

/** The one path that accepts a non-JSON body (see the server's jsonOnly): a logo as multipart/form-data. */
export const LOGO_UPLOAD_PATH = "/api/retail/uploadLogo"

/**
 * `id` (the channel) and `file` (the image, under 10 MB), as multipart/form-data: clients send a
 * FormData. Declared as a multipart *stream* so the platform leaves the body to the handler, which
 * reads it within the size limit, keeps the file in memory (never under its uploaded name) and
 * checks its type by content.
 */
export const LogoUpload = HttpApiSchema.MultipartStream(Schema.Struct({ id: Id, file: Multipart.FileSchema }))

/** The stored logo's bytes, served with the content type detected at upload. */
export const LogoImage = HttpApiSchema.Uint8Array({ contentType: "image/*" })

/**
 * Sales channels. `create` is an upsert keyed on the RUT and answers the channel as `getById`
 * does; delete deactivates and answers the deactivated channel (the original answered "OK",
 * which its client does not read). `uploadLogo` and `logo` are Palma's.
 */
export const RetailApi = HttpApiGroup.make("retail")
  .add(HttpApiEndpoint.post("create", "/create").setPayload(RetailInput).addSuccess(RetailDetail).middleware(Admin))
  // Palma's own, beside the upsert: edits the channel with this id, so `If-Match` can name its version (412 when stale).
  .add(
    HttpApiEndpoint.put("update", "/update/:id")
      .setPath(IdPath)
      .setPayload(RetailInput)
      .addSuccess(RetailDetail)
      .addError(NotFound)
      .addError(BadRequest)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  .add(HttpApiEndpoint.get("getAll", "/getAll").addSuccess(Schema.Array(Retail)).middleware(Staff))
  // Palma's own: server-side paging, sorting and search for the web's table (the seed lists it whole).
  .add(HttpApiEndpoint.get("page", "/page").setUrlParams(PageQuery).addSuccess(Page(Retail)).middleware(Staff))
  .add(HttpApiEndpoint.post("getBySearchValues", "/getBySearchValues").setPayload(RetailSearch).addSuccess(Schema.Array(RetailFound)).middleware(Staff))
  .add(HttpApiEndpoint.get("getById", "/getById/:id").setPath(IdPath).addSuccess(RetailDetail).addError(NotFound).middleware(Staff))
  .add(HttpApiEndpoint.get("getByRut", "/getByRut/:rut").setPath(RutPath).addSuccess(RetailDetail).addError(NotFound).middleware(Staff))
  .add(HttpApiEndpoint.get("getProductsAndRetail", "/getProductsAndRetail").addSuccess(Schema.Array(RetailWithPlans)).middleware(Staff))
  .add(
    HttpApiEndpoint.get("getCustomersByRetailIdAndProductId", "/getCustomersByRetailIdAndProductId/:retail_id/:productPlan_id")
      .setPath(RetailPlanPath)
      .addSuccess(Schema.Array(RetailCustomer))
      .middleware(Staff)
  )
  .add(
    HttpApiEndpoint.del("deleteById", "/deleteById/:id").setPath(IdPath).addSuccess(Retail).addError(NotFound).addError(PreconditionFailed).middleware(Admin)
  )
  .add(deletedRecordsEndpoint)
  .add(restoreEndpoint(Retail))
  .add(
    HttpApiEndpoint.post("uploadLogo", "/uploadLogo")
      .setPayload(LogoUpload)
      .addSuccess(RetailDetail)
      .addError(NotFound)
      .addError(PayloadTooLarge)
      .middleware(Admin)
  )
  .add(HttpApiEndpoint.get("logo", "/logo/:id").setPath(IdPath).addSuccess(LogoImage).addError(NotFound).middleware(Staff))
  .prefix("/retail")
