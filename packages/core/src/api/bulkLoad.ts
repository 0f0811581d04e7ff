import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, Multipart } from "@effect/platform"
import { Schema } from "effect"
import { Page } from "../domain/page.js"
import { BulkLoadConfirm, BulkLoadJob, BulkLoadListQuery, BulkLoadPath, BulkLoadRow, BulkLoadRowsQuery, MissingInsured } from "../domain/bulkLoad.js"
import { Id } from "../domain/fields.js"
import { LiveResumeHeaders, LiveResumeQuery } from "../domain/livePosition.js"
import { BadRequest, Conflict, NotFound, PayloadTooLarge } from "./errors.js"
import { XLSX_CONTENT_TYPE } from "./fileFormat.js"
import { Admin } from "./security.js"

/** The roster upload is multipart/form-data (see the server's jsonOnly); everything else here is JSON. */
export const BULK_LOAD_UPLOAD_PATH = "/api/retail/addLeadFromExcel"

/** A job's server-sent events (`uploadLive`), where a browser's EventSource or the CLI's follower opens them. */
export const bulkLoadLivePath = (id: string) => `/api/retail/uploads/${encodeURIComponent(id)}/live`

/**
 * The original client's form: `file`, `fileName`, `retail_id`, `productPlan_id`; Palma's `dryRun`
 * ("true": check and show the diff, write nothing until confirmed) and `removeMissing` ("true": the
 * plan's insured missing from the file lose their coverage once it loaded). Declared as a stream so
 * the handler reads it within the size limit and checks the file by its bytes.
 */
export const BulkLoadUpload = HttpApiSchema.MultipartStream(
  Schema.Struct({
    file: Multipart.FileSchema,
    fileName: Schema.optional(Schema.String),
    retail_id: Id,
    productPlan_id: Id,
    dryRun: Schema.optional(Schema.String),
    removeMissing: Schema.optional(Schema.String)
  })
)

export const BulkLoadErrorsWorkbook = HttpApiSchema.Uint8Array({ contentType: XLSX_CONTENT_TYPE })

/**
 * Insured uploads, admins only (DESIGN §3). `addLeadFromExcel` is the seed's call and answers the
 * job at once (its `total` and `error` are the original's fields); the job runs in the background,
 * in the database, on any API process. The rest is Palma's, beside it: the history ("Gestión de
 * Subidas"), one job (poll) and its progress pushed (text/event-stream), its rows, the insured the
 * file leaves out, confirm or cancel a checked file, and the failed rows as a workbook.
 */
export const BulkLoadApi = HttpApiGroup.make("bulkLoad")
  .add(
    HttpApiEndpoint.post("addLeadFromExcel", "/addLeadFromExcel")
      .setPayload(BulkLoadUpload)
      .addSuccess(BulkLoadJob)
      .addError(NotFound)
      .addError(PayloadTooLarge)
      .middleware(Admin)
  )
  .add(HttpApiEndpoint.get("uploads", "/uploads").setUrlParams(BulkLoadListQuery).addSuccess(Page(BulkLoadJob)).middleware(Admin))
  .add(HttpApiEndpoint.get("upload", "/uploads/:id").setPath(BulkLoadPath).addSuccess(BulkLoadJob).addError(NotFound).middleware(Admin))
  .add(
    HttpApiEndpoint.get("uploadLive", "/uploads/:id/live")
      .setPath(BulkLoadPath)
      .setUrlParams(LiveResumeQuery)
      .setHeaders(LiveResumeHeaders)
      .addSuccess(HttpApiSchema.Text({ contentType: "text/event-stream" }))
      // A follower that already has the job at rest: nothing more will come (EventSource stops reconnecting).
      .addSuccess(HttpApiSchema.NoContent)
      .addError(NotFound)
      .middleware(Admin)
  )
  .add(
    HttpApiEndpoint.get("uploadRows", "/uploads/:id/rows")
      .setPath(BulkLoadPath)
      .setUrlParams(BulkLoadRowsQuery)
      .addSuccess(Page(BulkLoadRow))
      .addError(NotFound)
      .middleware(Admin)
  )
  .add(
    HttpApiEndpoint.get("uploadMissing", "/uploads/:id/missing")
      .setPath(BulkLoadPath)
      .setUrlParams(BulkLoadRowsQuery.pipe(Schema.omit("outcome")))
      .addSuccess(Page(MissingInsured))
      .addError(NotFound)
      .middleware(Admin)
  )
  .add(
    HttpApiEndpoint.post("confirmUpload", "/uploads/:id/confirm")
      .setPath(BulkLoadPath)
      .setPayload(BulkLoadConfirm)
      .addSuccess(BulkLoadJob)
      .addError(NotFound)
      .addError(Conflict)
      .middleware(Admin)
  )
  .add(
    HttpApiEndpoint.post("cancelUpload", "/uploads/:id/cancel")
      .setPath(BulkLoadPath)
      .addSuccess(BulkLoadJob)
      .addError(NotFound)
      .addError(Conflict)
      .middleware(Admin)
  )
  .add(HttpApiEndpoint.get("uploadErrors", "/uploads/:id/errors").setPath(BulkLoadPath).addSuccess(BulkLoadErrorsWorkbook).addError(NotFound).middleware(Admin))
  .addError(BadRequest)
  .prefix("/retail")
