import type { RouteObject } from "react-router"
import { lazyScreen } from "./lazyScreen"

/** Sidebar entries of the Entidades section (admin only; the shell adds the guard and layout). */
export const entityMenu: Array<{ label: string; path: string; quickLink?: boolean }> = [
  { label: "Canales", path: "entities/retail" },
  { label: "Especialistas", path: "entities/specialist" },
  { label: "Alianzas", path: "entities/partner" },
  { label: "Contratantes", path: "entities/contractor" },
  // Accounts (local mode): an administration screen, not one of Inicio's quick links.
  { label: "Usuarios", path: "entities/users", quickLink: false }
]

/**
 * The entity screens, paths relative to where the shell mounts them. A retail has a page of its
 * own (its data, logo and plans); `new` creates one. A specialist or partner has one too; its
 * `new` starts from a RUT.
 */
export const entityRoutes: RouteObject[] = [
  lazyScreen("entities/retail", "Canales", async () => (await import("../../features/retail/RetailListPage")).RetailListPage),
  lazyScreen("entities/retail/new", "Canales", async () => (await import("../../features/retail/RetailPage")).RetailPage),
  lazyScreen("entities/retail/:id", "Canales", async () => (await import("../../features/retail/RetailPage")).RetailPage),
  lazyScreen("entities/specialist", "Especialistas", async () => (await import("../../features/specialist/SpecialistListPage")).SpecialistListPage),
  lazyScreen("entities/specialist/new", "Especialistas", async () => (await import("../../features/specialist/SpecialistPage")).SpecialistPage),
  lazyScreen("entities/specialist/:id", "Especialistas", async () => (await import("../../features/specialist/SpecialistPage")).SpecialistPage),
  lazyScreen("entities/partner", "Alianzas", async () => (await import("../../features/partner/PartnerListPage")).PartnerListPage),
  lazyScreen("entities/partner/new", "Alianzas", async () => (await import("../../features/partner/PartnerPage")).PartnerPage),
  lazyScreen("entities/partner/:id", "Alianzas", async () => (await import("../../features/partner/PartnerPage")).PartnerPage),
  lazyScreen("entities/contractor", "Contratantes", async () => (await import("../../features/contractor/ContractorListPage")).ContractorListPage),
  lazyScreen("entities/contractor/new", "Contratantes", async () => (await import("../../features/contractor/ContractorNewPage")).ContractorNewPage),
  lazyScreen("entities/contractor/:id", "Contratantes", async () => (await import("../../features/contractor/ContractorPage")).ContractorPage),
  lazyScreen("entities/users", "Usuarios", async () => (await import("./UsersRoute")).UsersRoute)
]
