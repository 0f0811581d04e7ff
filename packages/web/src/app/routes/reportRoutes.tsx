import type { RouteObject } from "react-router"
import { lazyScreen } from "./lazyScreen"

/** Sidebar entries of the Reportes section (admins). */
export const reportMenu: Array<{ label: string; path: string }> = [{ label: "Exportar casos", path: "reports/exports" }]

/** The reports: casos.xlsx with its preview. */
export const reportRoutes: RouteObject[] = [
  lazyScreen("reports/exports", "Exportar casos", async () => (await import("../../features/caseExport/CaseExportPage")).CaseExportPage)
]
