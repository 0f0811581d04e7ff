import type { RouteObject } from "react-router"

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

/**
 * The master data screens, paths relative to where the shell mounts them. Each screen loads on
 * first visit; `handle.title` names the page for the shell's header.
 */
export const masterRoutes: RouteObject[] = [
  { path: "masters/family", handle: { title: "Familias" }, lazy: async () => ({ Component: (await import("../../features/masters/family")).FamilyPage }) },
  {
    path: "masters/specialty",
    handle: { title: "Especialidades" },
    lazy: async () => ({ Component: (await import("../../features/masters/specialty")).SpecialtyPage })
  },
  {
    path: "masters/valueType",
    handle: { title: "Tipos de valor" },
    lazy: async () => ({ Component: (await import("../../features/masters/valueType")).ValueTypePage })
  },
  { path: "masters/value", handle: { title: "Valores" }, lazy: async () => ({ Component: (await import("../../features/masters/value")).ValuePage }) },
  {
    path: "masters/document",
    handle: { title: "Documentos" },
    lazy: async () => ({ Component: (await import("../../features/masters/document")).DocumentPage })
  },
  { path: "masters/stage", handle: { title: "Etapas" }, lazy: async () => ({ Component: (await import("../../features/masters/stage")).StagePage }) },
  {
    path: "masters/assistance",
    handle: { title: "Servicios" },
    lazy: async () => ({ Component: (await import("../../features/assistance/assistanceResource")).AssistancePage })
  },
  {
    path: "masters/product",
    handle: { title: "Productos" },
    lazy: async () => ({ Component: (await import("../../features/product/productResource")).ProductPage })
  },
  {
    path: "masters/fileFormat",
    handle: { title: "Formatos de archivo" },
    lazy: async () => ({ Component: (await import("../../features/fileFormat/FileFormatPage")).FileFormatPage })
  }
]
