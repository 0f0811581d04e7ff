import type { RouteObject } from "react-router"
import { lazyScreen } from "./lazyScreen"

/** Sidebar entries of Gestión de Subidas (admins). */
export const uploadMenu: Array<{ label: string; path: string }> = [{ label: "Carga de asegurados", path: "uploads-insured" }]

/** Insured uploads: a new one (check, confirm, follow) and the history, at the seed's path. */
export const uploadRoutes: RouteObject[] = [
  lazyScreen("uploads-insured", "Carga de asegurados", async () => (await import("../../features/bulkLoad/BulkLoadPage")).BulkLoadPage)
]
