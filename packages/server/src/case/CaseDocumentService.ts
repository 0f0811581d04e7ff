import { createHash } from "node:crypto"
import { Context, Effect, Layer, Option } from "effect"
import { type Actor, type CaseDocumentType, safeFileName } from "@palma/core/domain"
import { Unauthorized } from "@palma/core/api"
import { Missing } from "../domain/errors.js"
import type { Upload } from "../http/form/readUpload.js"
import { PublicUrl } from "../http/PublicUrl.js"
import { Transaction } from "../sql/Transaction.js"
import { CaseFileRepo } from "./CaseFileRepo.js"
import { CaseReferences } from "./CaseReferences.js"
import { CaseService } from "./CaseService.js"
import { opensFile, readFileLink, signFileLink } from "./fileLink.js"
import { caseNotFound } from "../domain/messages.js"

export type CaseDocumentUpload = Upload<CaseDocumentType, "case_id" | "document_id">

const make = Effect.gen(function* () {
  const files = yield* CaseFileRepo
  const refs = yield* CaseReferences
  const cases = yield* CaseService
  const publicUrl = yield* PublicUrl
  const transaction = (yield* Transaction).withTransaction

  /**
   * Attaches the file as the case's document: stored by its hash, listed in the case (an event),
   * replacing the document's earlier file. A closed case takes no files (409).
   */
  const upload = (input: CaseDocumentUpload, actor: Actor) =>
    transaction(
      Effect.gen(function* () {
        const { case_id, document_id } = input.ids
        const fileTag = safeFileName(input.filename)
        // The case first (404), then the document (400): a failure rolls the listing back.
        yield* cases.recordFile(case_id, { document_id, file_tag: fileTag }, actor)
        yield* refs.known("document", document_id, ["document_id"])
        const hash = createHash("sha256").update(input.data).digest("hex")
        yield* files.attach({ caseId: case_id, documentId: document_id, hash, contentType: input.contentType, data: input.data, fileTag, userId: actor.userId })
        return { success: true, data: null, error: null }
      })
    ).pipe(Effect.tap(() => cases.announce(input.ids.case_id)))

  /** The case's files with absolute links that open them for five minutes. */
  const links = (caseId: string) =>
    Effect.gen(function* () {
      yield* cases.getById(caseId).pipe(Effect.mapError(() => new Missing({ message: caseNotFound })))
      const key = yield* files.linkKey
      const now = new Date()
      return (yield* files.attached(caseId)).map((f) => ({
        document_id: f.document_id,
        viewLink: `${publicUrl}/api/case/file/${signFileLink(key, { caseId, documentId: f.document_id, hash: f.hash }, now)}`,
        file_tag: f.file_tag,
        content_type: f.content_type,
        size: f.size
      }))
    })

  /** What a link opens, while it is valid and the case still holds that very file. */
  const open = (token: string) =>
    Effect.gen(function* () {
      const expired = new Unauthorized({ message: "El enlace al archivo no es válido o expiró: vuelva a abrirlo desde el caso" })
      const link = readFileLink(token)
      if (link === undefined) return yield* expired
      const file = yield* files.read(link.caseId, link.documentId)
      if (Option.isNone(file) || !opensFile(yield* files.linkKey, link, file.value.hash, new Date())) return yield* expired
      return file.value
    })

  return { upload, links, open }
})

/** Documents of a case: uploads checked by content, stored by hash, opened through signed short-lived links. */
export class CaseDocumentService extends Context.Tag("palma/CaseDocumentService")<CaseDocumentService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseDocumentService, make).pipe(
    Layer.provide([CaseFileRepo.layer, CaseReferences.layer, CaseService.layer, Transaction.layer])
  )
}
