import type { CaseList, CaseView } from "@palma/core"
import { screen, within } from "@testing-library/react"
import type { RealServer } from "../realServer"

/**
 * Demo cases (the seed opens ~1,500 through the event path) as the tests need them, found
 * through the API as the signed-in page would: the newest case at a stage (by code; null: any) that satisfies `fits`.
 */
export const findCase = async (server: RealServer, stageCode: string | null, fits: (view: CaseView) => boolean | Promise<boolean>): Promise<CaseView> => {
  const page = await server.api<CaseList>("GET", "/api/case/getAll?records=300")
  for (const row of page.data.filter((r) => stageCode === null || r.code === stageCode)) {
    const view = await server.api<CaseView>("GET", `/api/case/getById/${row.id}`)
    if (await fits(view)) return view
  }
  throw new Error(`Ningún caso en la etapa ${stageCode ?? "(cualquiera)"} sirve a la prueba`)
}

/** The rows of a case table on screen (the list's and the export preview's), without its header. */
export const caseRows = () =>
  within(screen.getByRole("table", { name: "Casos encontrados" }))
    .getAllByRole("row")
    .slice(1)

/** The case numbers of those rows, in order. */
export const caseNumbers = () => caseRows().map((row) => within(row).getAllByRole("cell")[0]!.textContent)
