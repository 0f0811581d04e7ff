import { type Call, XLSX_CONTENT_TYPE } from "@palma/core"
import { saveFile } from "../../lib/saveFile"

/** A name as a file name part: lower case, no accents, words joined by dashes ("Banco Ñuñoa S.A." → "banco-nunoa-s-a"). */
export const slug = (name: string): string =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")

/** "plantilla-banco-sur-hogar-full.xlsx": whoever opens the downloads folder knows whose template it is. */
export const templateName = (names: { readonly retail: string; readonly plan: string }): string =>
  `${["plantilla", slug(names.retail), slug(names.plan)].filter((part) => part !== "").join("-")}.xlsx`

/** `GET /fileFormat/template/{productPlan_id}` (an empty workbook with the format's headers), saved named after the retail and the plan. */
export const downloadTemplate = async (call: Call, productPlanId: string, names: { readonly retail: string; readonly plan: string }) => {
  const bytes = await call((c) => c.fileFormat.template({ path: { productPlan_id: productPlanId } }))
  saveFile(new Uint8Array(bytes), templateName(names), XLSX_CONTENT_TYPE)
}
