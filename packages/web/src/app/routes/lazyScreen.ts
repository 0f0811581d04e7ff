import type { ComponentType } from "react"
import type { RouteObject } from "react-router"

/** A screen loaded on first visit; `handle.title` names the page for the shell's header. */
export const lazyScreen = (path: string, title: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  handle: { title },
  lazy: async () => ({ Component: await load() })
})
