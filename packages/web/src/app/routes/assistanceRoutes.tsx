import type { RouteObject } from "react-router"
import { lazyScreen } from "./lazyScreen"

/** Sidebar entries of the Asistencia section (every role). */
export const assistanceMenu: Array<{ label: string; path: string }> = [{ label: "Personas", path: "assistance/people" }]

/** The operators' screens; a person found opens at their kind (customer or insured) and id. */
export const assistanceRoutes: RouteObject[] = [
  lazyScreen("assistance/people", "Personas", async () => (await import("../../features/person/PeoplePage")).PeoplePage),
  lazyScreen("assistance/people/:kind/:id", "Personas", async () => (await import("../../features/person/PersonPage")).PersonPage)
]
