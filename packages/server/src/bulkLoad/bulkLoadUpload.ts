import type { HttpServerRequest } from "@effect/platform"
import { Effect } from "effect"
import { BULK_LOAD_MAX_BYTES, ROSTER_TOO_LARGE, ROSTER_MISSING } from "@palma/core/domain"
import { BadRequest, type PayloadTooLarge } from "@palma/core/api"
import { readUpload } from "../http/form/readUpload.js"
import { checkXlsx, NOT_XLSX } from "./xlsxSafety.js"

export interface BulkLoadForm {
  readonly retailId: string
  readonly productPlanId: string
  readonly fileName: string
  readonly dryRun: boolean
  readonly removeMissing: boolean
  readonly data: Uint8Array
}

const ZIP = [0x50, 0x4b, 0x03, 0x04]

const flag = (value: string | undefined, field: string) =>
  value === undefined || value === "" || value === "false" || value === "0"
    ? Effect.succeed(false)
    : value === "true" || value === "1"
      ? Effect.succeed(true)
      : Effect.fail(new BadRequest({ message: `${field}: Debe ser true o false`, issues: [{ path: [field], message: "Debe ser true o false" }] }))

/**
 * The original client's roster form (`file`, `fileName`, `retail_id`, `productPlan_id`) and
 * Palma's flags. The file must show a ZIP's bytes and pass the .xlsx checks (size, entries,
 * uncompressed size: a zip bomb is refused) before anything unzips it. The name is for display.
 */
export const readBulkLoadForm = (request: HttpServerRequest.HttpServerRequest): Effect.Effect<BulkLoadForm, BadRequest | PayloadTooLarge> =>
  Effect.gen(function* () {
    const upload = yield* readUpload(request, {
      idFields: ["retail_id", "productPlan_id"],
      textFields: ["fileName", "dryRun", "removeMissing"],
      fileField: "file",
      maxBytes: BULK_LOAD_MAX_BYTES,
      notAForm: "El archivo debe enviarse como formulario multipart/form-data con los campos retail_id, productPlan_id y file",
      tooLarge: ROSTER_TOO_LARGE,
      missing: { retail_id: "Indique el canal (retail_id)", productPlan_id: "Indique el plan (productPlan_id)", file: ROSTER_MISSING },
      detect: (bytes) => (ZIP.every((byte, i) => bytes[i] === byte) ? ("xlsx" as const) : undefined),
      wrongType: NOT_XLSX
    })
    const unsafe = checkXlsx(upload.data)
    if (unsafe !== undefined) return yield* new BadRequest({ message: `file: ${unsafe}`, issues: [{ path: ["file"], message: unsafe }] })
    const fileName = (upload.texts["fileName"] || upload.filename || "archivo.xlsx").slice(0, 200)
    return {
      retailId: upload.ids.retail_id,
      productPlanId: upload.ids.productPlan_id,
      fileName,
      dryRun: yield* flag(upload.texts["dryRun"], "dryRun"),
      removeMissing: yield* flag(upload.texts["removeMissing"], "removeMissing"),
      data: upload.data
    }
  })
