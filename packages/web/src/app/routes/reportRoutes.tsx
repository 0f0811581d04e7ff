import type { RouteObject } from "react-router"
import { lazyScreen } from "./lazyScreen"

/** Sidebar entries of the Reportes section (admins). */
export const reportMenu: Array<{ label: string; path: string }> = [
  { label: "Panel", path: "reports/dashboard" },
  { label: "Exportar casos", path: "reports/exports" }
]

/** The reports: the dashboard (its charts load with it, never before), casos.xlsx with its preview. */
export const reportRoutes: RouteObject[] = [
  lazyScreen("reports/dashboard", "Panel", async () => (await import("../../features/caseDashboard/CaseDashboardPage")).CaseDashboardPage),
  lazyScreen("reports/exports", "Exportar casos", async () => (await import("../../features/caseExport/CaseExportPage")).CaseExportPage)
]
