import { assertEvent, assign, emit, fromPromise, setup } from "xstate"
import type { Call } from "../client/caller.js"
import { CASE_DOCUMENT_MAX_BYTES, caseDocumentTypes } from "../domain/caseAttachment.js"
import { type Failure, failureOf } from "../client/machineFailure.js"
import { unprovided } from "./unprovided.js"
import { EMPTY_FILE } from "../domain/messages.js"

/** A file as the picker gives it (a browser File, or a Blob with a name from the CLI). */
export interface ChosenFile {
  readonly name: string
  readonly size: number
  readonly type: string
  readonly blob: Blob
}

const extensions = /\.(pdf|png|jpe?g|gif|webp)$/i
const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toLocaleString("es-CL", { maximumFractionDigits: 1 })

/** Why a file cannot be a case document, before it is sent; null when it may go (the server still reads its bytes). */
export const caseDocumentProblem = (file: Pick<ChosenFile, "name" | "size" | "type">): string | null => {
  const typed = file.type === "" ? extensions.test(file.name) : (caseDocumentTypes as ReadonlyArray<string>).includes(file.type)
  if (!typed) return "El documento debe ser un PDF o una imagen PNG, JPG, GIF o WEBP"
  if (file.size === 0) return EMPTY_FILE
  if (file.size > CASE_DOCUMENT_MAX_BYTES) return `El archivo pesa ${megabytes(file.size)} MB: supera el máximo de 10 MB`
  return null
}

export type CaseDocumentsEvent = { type: "UPLOAD"; document_id: string; file: ChosenFile } | { type: "OPEN"; document_id: string } | { type: "DISMISS" }
export type CaseDocumentsEmitted = { type: "uploaded"; document_id: string } | { type: "opened"; url: string } | { type: "rejected"; failure: Failure }

interface Upload {
  readonly caseId: string
  readonly document_id: string
  readonly file: ChosenFile
}

/**
 * A case's documents: upload one (checked before sending, its type then read from its bytes by
 * the server) and open one through a fresh signed link (they last five minutes). Outcomes are
 * emitted; the host reloads the case after an upload. Hosts provide `upload` and `link`.
 */
export const caseDocumentsMachine = setup({
  types: {
    context: {} as { readonly caseId: string; readonly failure: Failure | null },
    events: {} as CaseDocumentsEvent,
    emitted: {} as CaseDocumentsEmitted,
    input: {} as { readonly caseId: string }
  },
  actors: {
    upload: unprovided<string, Upload>("upload"),
    link: unprovided<string, { readonly caseId: string; readonly document_id: string }>("link")
  }
}).createMachine({
  id: "caseDocuments",
  context: ({ input }) => ({ caseId: input.caseId, failure: null }),
  initial: "idle",
  on: { DISMISS: { actions: assign({ failure: null }) } },
  states: {
    idle: {
      on: {
        UPLOAD: [
          {
            guard: ({ event }) => caseDocumentProblem(event.file) !== null,
            actions: assign({ failure: ({ event }) => ({ status: 400, message: caseDocumentProblem(event.file) ?? "", issues: [] }) })
          },
          { target: "uploading" }
        ],
        OPEN: "linking"
      }
    },
    uploading: {
      entry: assign({ failure: null }),
      invoke: {
        src: "upload",
        input: ({ context, event }) => {
          assertEvent(event, "UPLOAD")
          return { caseId: context.caseId, document_id: event.document_id, file: event.file }
        },
        onDone: { target: "idle", actions: emit(({ event }) => ({ type: "uploaded" as const, document_id: event.output })) },
        onError: {
          target: "idle",
          actions: [
            assign({ failure: ({ event }) => failureOf(event.error) }),
            emit(({ event }) => ({ type: "rejected" as const, failure: failureOf(event.error) }))
          ]
        }
      }
    },
    linking: {
      entry: assign({ failure: null }),
      invoke: {
        src: "link",
        input: ({ context, event }) => {
          assertEvent(event, "OPEN")
          return { caseId: context.caseId, document_id: event.document_id }
        },
        onDone: { target: "idle", actions: emit(({ event }) => ({ type: "opened" as const, url: event.output })) },
        onError: {
          target: "idle",
          actions: [
            assign({ failure: ({ event }) => failureOf(event.error) }),
            emit(({ event }) => ({ type: "rejected" as const, failure: failureOf(event.error) }))
          ]
        }
      }
    }
  }
})

/** The documents' calls over the contract: the original client's multipart form, and the case's signed links. */
export const caseDocumentsActors = (call: Call) => ({
  upload: fromPromise<string, Upload>(async ({ input }) => {
    const form = new FormData()
    form.set("case_id", input.caseId)
    form.set("document_id", input.document_id)
    form.set("files", input.file.blob, input.file.name)
    const answer = await call((c) => c.case.uploadDocument({ payload: form }))
    if (!answer.success || answer.error !== null) throw new Error(answer.error ?? "No se pudo subir el documento")
    return input.document_id
  }),
  link: fromPromise<string, { readonly caseId: string; readonly document_id: string }>(async ({ input }) => {
    const links = await call((c) => c.case.getAttachById({ path: { case_id: input.caseId, casestage_id: "attachment" } }))
    const found = links.find((l) => l.document_id === input.document_id)
    if (found === undefined) throw new Error("El documento ya no está en el caso")
    return found.viewLink
  })
})
