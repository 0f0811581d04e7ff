import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { CaseDates, CaseExportQuery } from "../domain/caseExport.js"
import { CaseList } from "../domain/caseView.js"
import { NotFound } from "./errors.js"
import { XLSX_CONTENT_TYPE } from "./fileFormat.js"
import { Staff } from "./security.js"

/** casos.xlsx: streamed while it is written; `Content-Disposition` names it. */
export const CaseWorkbook = HttpApiSchema.Uint8Array({ contentType: XLSX_CONTENT_TYPE })

/**
 * Reports on cases, at the seed's paths (reference §1.6–1.7): the months that have cases, a paged
 * preview of an export and casos.xlsx itself. Operators export the cases they work (DESIGN §3).
 * Filters (spec §5): `retail_id` "Todos" or a channel; `case_date` and `event_date` "Todos", "Hoy",
 * "Esta semana" (Chile's day and Monday-to-Sunday week) or a month, any date reduced to its month.
 */
export const CaseExportApi = HttpApiGroup.make("caseExport")
  .add(HttpApiEndpoint.get("getAllCaseDates", "/case/getAllCaseDates").addSuccess(CaseDates).middleware(Staff))
  // Here `pagination.total` is the case count, as the original answered it (not a page count).
  .add(HttpApiEndpoint.get("getAllExports", "/case/getAllExports").setUrlParams(CaseExportQuery).addSuccess(CaseList).middleware(Staff))
  .add(HttpApiEndpoint.get("exportCases", "/case/exportCases").setUrlParams(CaseExportQuery).addSuccess(CaseWorkbook).addError(NotFound).middleware(Staff))
