import type { RouteObject } from "react-router"
import { lazyScreen } from "./lazyScreen"

/** Sidebar entries of the Entidades section (admin only; the shell adds the guard and layout). */
export const entityMenu: Array<{ label: string; path: string; quickLink?: boolean }> = [
  { label: "Canales", path: "entities/retail" },
  { label: "Contratantes", path: "entities/contractor" },
  // Accounts (local mode): an administration screen, not one of Inicio's quick links.
  { label: "Usuarios", path: "entities/users", quickLink: false }
]

/**
 * The entity screens, paths relative to where the shell mounts them. A retail has a page of its
 * own (its data, logo and plans); `new` creates one.
 */
export const entityRoutes: RouteObject[] = [
  lazyScreen("entities/retail", "Canales", async () => (await import("../../features/retail/RetailListPage")).RetailListPage),
  lazyScreen("entities/retail/new", "Canales", async () => (await import("../../features/retail/RetailPage")).RetailPage),
  lazyScreen("entities/retail/:id", "Canales", async () => (await import("../../features/retail/RetailPage")).RetailPage),
  lazyScreen("entities/contractor", "Contratantes", async () => (await import("../../features/contractor/ContractorListPage")).ContractorListPage),
  lazyScreen("entities/contractor/new", "Contratantes", async () => (await import("../../features/contractor/ContractorNewPage")).ContractorNewPage),
  lazyScreen("entities/contractor/:id", "Contratantes", async () => (await import("../../features/contractor/ContractorPage")).ContractorPage),
  lazyScreen("entities/users", "Usuarios", async () => (await import("./UsersRoute")).UsersRoute)
]
