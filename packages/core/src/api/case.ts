import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { AttachmentPath, CaseAttachmentLink, CaseDocumentUpload, FileLinkPath, StoredFileBytes, UploadResult } from "../domain/caseAttachment.js"
import { CaseChatInput, CaseChatMessage, CaseIdPath } from "../domain/caseChat.js"
import { CaseNumberPath } from "../domain/caseView.js"
import { CaseDocument } from "../domain/caseDocument.js"
import { CaseStepInput } from "../domain/caseStepInput.js"
import { CaseVerifyReport, CaseVerifyRequest } from "../domain/caseVerify.js"
import { CaseLiveQuery } from "../domain/caseLive.js"
import { LiveResumeHeaders } from "../domain/livePosition.js"
import { CaseList, CaseListQuery, CaseLookup, CaseView } from "../domain/caseView.js"
import { SavedView, SavedViewInput } from "../domain/savedView.js"
import { BadRequest, Conflict, Forbidden, NotFound, PayloadTooLarge, PreconditionFailed, Unauthorized } from "./errors.js"
import { IdPath } from "./master.js"
import { Admin, Staff } from "./security.js"

/**
 * Assistance cases at the seed's paths (reference §1). A case is the fold of its events: `upsert`
 * turns the posted document's difference from the stored case into events; `getById` carries
 * the version as its ETag, and `upsert` with a stale `If-Match` is a 412 with nothing written.
 */
export const CaseApi = HttpApiGroup.make("case")
  .add(HttpApiEndpoint.get("getAll", "/getAll").setUrlParams(CaseListQuery).addSuccess(CaseList).middleware(Staff))
  .add(HttpApiEndpoint.get("getById", "/getById/:id").setPath(IdPath).addSuccess(CaseView).addError(NotFound).middleware(Staff))
  // Palma's own: the number is what people say on the phone and type in a terminal.
  .add(HttpApiEndpoint.get("getByNumber", "/getByNumber/:number").setPath(CaseNumberPath).addSuccess(CaseView).addError(NotFound).middleware(Staff))
  .add(
    HttpApiEndpoint.post("upsert", "/upsert")
      .setPayload(CaseDocument)
      .addSuccess(CaseView)
      .addError(BadRequest)
      .addError(NotFound)
      .addError(Forbidden)
      .addError(Conflict)
      .addError(PreconditionFailed)
      .middleware(Staff)
  )
  // Palma's own: one step of the case lifecycle (`If-Match` the version read); a step it refuses is a 409 with its reason.
  .add(
    HttpApiEndpoint.post("step", "/:case_id/step")
      .setPath(CaseIdPath)
      .setHeaders(Schema.Struct({ "if-match": Schema.optional(Schema.String) }))
      .setPayload(CaseStepInput)
      .addSuccess(CaseView)
      .addError(BadRequest)
      .addError(NotFound)
      .addError(Forbidden)
      .addError(Conflict)
      .addError(PreconditionFailed)
      .middleware(Staff)
  )
  // Palma's own (admins): fold each case's events again and report where the stored case differs; never fixes.
  .add(HttpApiEndpoint.post("verify", "/verify").setPayload(CaseVerifyRequest).addSuccess(CaseVerifyReport).addError(BadRequest).middleware(Admin))
  // Palma's own: the signed-in user's saved lists ("vistas"), by name.
  .add(HttpApiEndpoint.get("views", "/views").addSuccess(Schema.Array(SavedView)).middleware(Staff))
  .add(HttpApiEndpoint.post("saveView", "/views").setPayload(SavedViewInput).addSuccess(SavedView).addError(BadRequest).middleware(Staff))
  .add(HttpApiEndpoint.del("deleteView", "/views/:id").setPath(IdPath).addSuccess(Schema.Void).addError(NotFound).middleware(Staff))
  .add(HttpApiEndpoint.get("getOrigins", "/getOrigins").addSuccess(Schema.Array(CaseLookup)).middleware(Staff))
  .add(HttpApiEndpoint.get("getStatus", "/getStatus").addSuccess(Schema.Array(CaseLookup)).middleware(Staff))
  .add(
    HttpApiEndpoint.get("getChatByCase", "/getChatByCase/:case_id")
      .setPath(CaseIdPath)
      .addSuccess(Schema.Array(CaseChatMessage))
      .addError(NotFound)
      .middleware(Staff)
  )
  // A null `case_id` answers null, as the original did (its client posts before a case exists).
  .add(
    HttpApiEndpoint.post("createChatMessage", "/createChatMessage")
      .setPayload(CaseChatInput)
      .addSuccess(Schema.NullOr(CaseChatMessage))
      .addError(NotFound)
      .middleware(Staff)
  )
  .add(
    HttpApiEndpoint.post("uploadDocument", "/uploadDocument")
      .setPayload(CaseDocumentUpload)
      .addSuccess(UploadResult)
      .addError(NotFound)
      .addError(Conflict)
      .addError(PayloadTooLarge)
      .middleware(Staff)
  )
  .add(
    HttpApiEndpoint.get("getAttachById", "/getAttachById/:case_id/:casestage_id")
      .setPath(AttachmentPath)
      .addSuccess(Schema.Array(CaseAttachmentLink))
      .addError(NotFound)
      .middleware(Staff)
  )
  // Palma's own: where a signed `viewLink` points. The link is the credential (5 minutes), so an <img> or a new tab opens it.
  .add(HttpApiEndpoint.get("file", "/file/:token").setPath(FileLinkPath).addSuccess(StoredFileBytes).addError(Unauthorized))
  // Palma's own: changes and chat messages pushed as they happen (text/event-stream), on one process or many.
  // One case's stream gives each event an `id:` (its position in the store) and resumes after `Last-Event-ID` on any process.
  .add(
    HttpApiEndpoint.get("live", "/live")
      .setUrlParams(CaseLiveQuery)
      .setHeaders(LiveResumeHeaders)
      .addSuccess(HttpApiSchema.Text({ contentType: "text/event-stream" }))
      .addError(NotFound)
      .middleware(Staff)
  )
  .prefix("/case")
