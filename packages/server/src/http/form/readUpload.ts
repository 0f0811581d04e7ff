import type { HttpServerRequest } from "@effect/platform"
import { Effect, Schema } from "effect"
import { Id, INVALID_ID } from "@palma/core/domain"
import { BadRequest, type FieldIssue, PayloadTooLarge } from "@palma/core/api"
import { readBody } from "../readBody.js"
import { formBoundary } from "./boundary.js"
import { type FormPart, parseFormData } from "./formParts.js"

/** What an upload form must carry: id fields, one file field, the file's limits and what its bytes may be. */
export interface UploadForm<T extends string, K extends string> {
  readonly idFields: ReadonlyArray<K>
  /** Optional plain-text fields (at most once each, 200 characters). */
  readonly textFields?: ReadonlyArray<string>
  readonly fileField: string
  readonly maxBytes: number
  readonly notAForm: string
  readonly tooLarge: string
  readonly missing: Readonly<Record<K | "file", string>>
  /** The file's type from its bytes, or undefined with `wrongType` as the reason. */
  readonly detect: (bytes: Uint8Array) => T | undefined
  readonly wrongType: string
}

export interface Upload<T extends string, K extends string> {
  readonly ids: Readonly<Record<K, string>>
  /** The optional text fields that came, trimmed. */
  readonly texts: Readonly<Record<string, string>>
  readonly contentType: T
  readonly data: Uint8Array
  /** The name the client gave the file: for display only, never a path. */
  readonly filename: string
}

const invalid = (issues: ReadonlyArray<FieldIssue>) =>
  new BadRequest({ message: issues.map((i) => `${i.path.length > 0 ? `${i.path.join(".")}: ` : ""}${i.message}`).join("; "), issues })

const isUuid = Schema.is(Id)
const text = (part: FormPart) => new TextDecoder("utf-8", { fatal: false }).decode(part.data).trim()

/**
 * Reads a multipart form with id fields and ONE file, strictly: unknown fields, a missing or
 * repeated part, a file over the limit or of a type its bytes do not show are Spanish 400/413s.
 * The declared type is ignored, and nothing is written to disk.
 */
export const readUpload = <T extends string, K extends string>(
  request: HttpServerRequest.HttpServerRequest,
  form: UploadForm<T, K>
): Effect.Effect<Upload<T, K>, BadRequest | PayloadTooLarge> =>
  Effect.gen(function* () {
    const notAForm = () => invalid([{ path: [], message: form.notAForm }])
    const boundary = formBoundary(request.headers["content-type"])
    if (boundary === undefined) return yield* Effect.fail(notAForm())
    const body = yield* readBody(request).pipe(
      Effect.mapError((error) => (error._tag === "BodyTooLarge" ? new PayloadTooLarge({ message: form.tooLarge }) : notAForm()))
    )
    const textFields = form.textFields ?? []
    const parts = parseFormData(body, boundary, form.idFields.length + textFields.length + 2)
    if (parts === undefined) return yield* Effect.fail(notAForm())

    const known = new Set<string>([...form.idFields, ...textFields, form.fileField])
    const issues: Array<FieldIssue> = parts.filter((p) => !known.has(p.name)).map((p) => ({ path: [p.name], message: "Campo no permitido" }))
    const ids: Partial<Record<K, string>> = {}
    for (const field of form.idFields) {
      const values = parts.filter((p) => p.name === field && p.filename === undefined)
      const value = values.length === 1 ? text(values[0]!) : undefined
      if (values.length === 0 || value === "") issues.push({ path: [field], message: form.missing[field] })
      else if (value === undefined || !isUuid(value)) issues.push({ path: [field], message: INVALID_ID })
      else ids[field] = value
    }
    const texts: Record<string, string> = {}
    for (const field of textFields) {
      const values = parts.filter((p) => p.name === field && p.filename === undefined)
      if (values.length > 1) issues.push({ path: [field], message: "Campo repetido" })
      else if (values.length === 1 && values[0]!.data.length > 800) issues.push({ path: [field], message: "Demasiado largo" })
      else if (values.length === 1) texts[field] = text(values[0]!)
    }
    const files = parts.filter((p) => p.name === form.fileField && p.filename !== undefined)
    const file = files.length === 1 ? files[0]! : undefined
    if (files.length === 0 || file?.data.length === 0) issues.push({ path: [form.fileField], message: form.missing.file })
    else if (files.length > 1) issues.push({ path: [form.fileField], message: "Adjunte un solo archivo" })
    if (issues.length > 0 || file === undefined) return yield* Effect.fail(invalid(issues))
    if (file.data.length > form.maxBytes) return yield* Effect.fail(new PayloadTooLarge({ message: form.tooLarge }))
    const contentType = form.detect(file.data)
    if (contentType === undefined) return yield* Effect.fail(invalid([{ path: [form.fileField], message: form.wrongType }]))
    return { ids: ids as Record<K, string>, texts, contentType, data: file.data, filename: file.filename ?? "" }
  })
