import type { RouteObject } from "react-router"

/** Sidebar entries of the Entidades section (admin only; the shell adds the guard and layout). */
export const entityMenu: Array<{ label: string; path: string }> = [{ label: "Canales", path: "entities/retail" }]

/**
 * The entity screens, paths relative to where the shell mounts them. A retail has a page of its
 * own (its data, logo and plans); `new` creates one.
 */
export const entityRoutes: RouteObject[] = [
  {
    path: "entities/retail",
    handle: { title: "Canales" },
    lazy: async () => ({ Component: (await import("../../features/retail/RetailListPage")).RetailListPage })
  },
  {
    path: "entities/retail/new",
    handle: { title: "Canales" },
    lazy: async () => ({ Component: (await import("../../features/retail/RetailPage")).RetailPage })
  },
  {
    path: "entities/retail/:id",
    handle: { title: "Canales" },
    lazy: async () => ({ Component: (await import("../../features/retail/RetailPage")).RetailPage })
  }
]
