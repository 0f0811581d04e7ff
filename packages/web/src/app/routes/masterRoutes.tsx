import type { RouteObject } from "react-router"
import { lazyScreen } from "./lazyScreen"

/** Sidebar entries of the Maestros section (admin only; the shell adds the guard and layout). */
export const masterMenu: Array<{ label: string; path: string }> = [
  { label: "Familias", path: "masters/family" },
  { label: "Especialidades", path: "masters/specialty" },
  { label: "Tipos de valor", path: "masters/valueType" },
  { label: "Valores", path: "masters/value" },
  { label: "Documentos", path: "masters/document" },
  { label: "Etapas", path: "masters/stage" },
  { label: "Servicios", path: "masters/assistance" },
  { label: "Productos", path: "masters/product" },
  { label: "Formatos de archivo", path: "masters/fileFormat" }
]

/** The master data screens, paths relative to where the shell mounts them. */
export const masterRoutes: RouteObject[] = [
  lazyScreen("masters/family", "Familias", async () => (await import("../../features/masters/family")).FamilyPage),
  lazyScreen("masters/specialty", "Especialidades", async () => (await import("../../features/masters/specialty")).SpecialtyPage),
  lazyScreen("masters/valueType", "Tipos de valor", async () => (await import("../../features/masters/valueType")).ValueTypePage),
  lazyScreen("masters/value", "Valores", async () => (await import("../../features/masters/value")).ValuePage),
  lazyScreen("masters/document", "Documentos", async () => (await import("../../features/masters/document")).DocumentPage),
  lazyScreen("masters/stage", "Etapas", async () => (await import("../../features/masters/stage")).StagePage),
  lazyScreen("masters/assistance", "Servicios", async () => (await import("../../features/assistance/assistanceResource")).AssistancePage),
  lazyScreen("masters/product", "Productos", async () => (await import("../../features/product/productResource")).ProductPage),
  lazyScreen("masters/fileFormat", "Formatos de archivo", async () => (await import("../../features/fileFormat/FileFormatPage")).FileFormatPage)
]
