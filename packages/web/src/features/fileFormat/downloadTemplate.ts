import { type Call, XLSX_CONTENT_TYPE } from "@palma/core"

/** Hands bytes to the browser as a download named `name`. */
export const saveFile = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
  const url = URL.createObjectURL(new Blob([bytes], { type }))
  const link = document.createElement("a")
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** `GET /fileFormat/template/{productPlan_id}` (an empty workbook with the format's headers) saved as plantilla.xlsx. */
export const downloadTemplate = async (call: Call, productPlanId: string) => {
  const bytes = await call((c) => c.fileFormat.template({ path: { productPlan_id: productPlanId } }))
  saveFile(new Uint8Array(bytes), "plantilla.xlsx", XLSX_CONTENT_TYPE)
}
