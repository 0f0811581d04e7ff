import type { HttpServerRequest } from "@effect/platform"
import { Effect, Schema } from "effect"
import { BadRequest, type FieldIssue, Id, LOGO_MAX_BYTES, type LogoContentType, PayloadTooLarge } from "@palma/core"
import { readBody } from "../http/readBody.js"
import { formBoundary } from "./boundary.js"
import { type FormPart, parseFormData } from "./formParts.js"
import { detectImageType } from "./imageType.js"

export interface LogoUpload {
  readonly id: string
  readonly contentType: LogoContentType
  readonly data: Uint8Array
}

const invalid = (issues: ReadonlyArray<FieldIssue>) =>
  new BadRequest({ message: issues.map((i) => `${i.path.length > 0 ? `${i.path.join(".")}: ` : ""}${i.message}`).join("; "), issues })

const notAForm = () => invalid([{ path: [], message: "El logo debe enviarse como formulario multipart/form-data con los campos id y file" }])

const tooLarge = () => new PayloadTooLarge({ message: "El logo es demasiado grande: el máximo es 10 MB" })

/** The body, whole: bounded by the upload's limit set in jsonOnly (413 beyond it). */
const body = (request: HttpServerRequest.HttpServerRequest) =>
  readBody(request).pipe(Effect.mapError((error) => (error._tag === "BodyTooLarge" ? tooLarge() : notAForm())))

const isUuid = Schema.is(Id)

/** The `id` field and the ONE `file` part, or the Spanish reasons why not. */
const pick = (parts: ReadonlyArray<FormPart>) => {
  const issues: Array<FieldIssue> = parts.filter((p) => p.name !== "id" && p.name !== "file").map((p) => ({ path: [p.name], message: "Campo no permitido" }))
  const ids = parts.filter((p) => p.name === "id" && p.filename === undefined)
  const files = parts.filter((p) => p.name === "file" && p.filename !== undefined)
  const id = ids.length === 1 ? new TextDecoder("utf-8", { fatal: false }).decode(ids[0]!.data).trim() : undefined
  if (ids.length === 0) issues.push({ path: ["id"], message: "Indique el canal (id)" })
  else if (id === undefined || !isUuid(id)) issues.push({ path: ["id"], message: "Identificador inválido" })
  const file = files.length === 1 ? files[0]!.data : undefined
  if (files.length === 0 || file?.length === 0) issues.push({ path: ["file"], message: "Adjunte el archivo del logo" })
  else if (files.length > 1) issues.push({ path: ["file"], message: "Adjunte un solo archivo" })
  return { issues, id, file }
}

/**
 * Reads the logo form (`id` and one `file`) from the request. The uploaded name and declared type
 * are ignored: the type comes from the bytes, and nothing is written to disk.
 */
export const readLogoUpload = (request: HttpServerRequest.HttpServerRequest): Effect.Effect<LogoUpload, BadRequest | PayloadTooLarge> =>
  Effect.gen(function* () {
    const boundary = formBoundary(request.headers["content-type"])
    if (boundary === undefined) return yield* Effect.fail(notAForm())
    const parts = parseFormData(yield* body(request), boundary, 4)
    if (parts === undefined) return yield* Effect.fail(notAForm())

    const { issues, id, file } = pick(parts)
    if (issues.length > 0 || id === undefined || file === undefined) return yield* Effect.fail(invalid(issues))
    if (file.length > LOGO_MAX_BYTES) return yield* Effect.fail(tooLarge())
    const detected = detectImageType(file)
    if (detected === undefined) {
      return yield* Effect.fail(invalid([{ path: ["file"], message: "El archivo no es una imagen PNG, JPG, GIF o WEBP" }]))
    }
    return { id, contentType: detected, data: file }
  })
