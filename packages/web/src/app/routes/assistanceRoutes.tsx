import type { RouteObject } from "react-router"
import { lazyScreen } from "./lazyScreen"

/** Sidebar entries of the Asistencia section (every role). */
export const assistanceMenu: Array<{ label: string; path: string }> = [
  { label: "Personas", path: "assistance/people" },
  { label: "Casos", path: "assistance/case" },
  { label: "Nuevo caso", path: "assistance/case/new" }
]

/** The operators' screens; a person found opens at their kind (customer or insured) and id, a case at its id. */
export const assistanceRoutes: RouteObject[] = [
  lazyScreen("assistance/people", "Personas", async () => (await import("../../features/person/PeoplePage")).PeoplePage),
  lazyScreen("assistance/people/:kind/:id", "Personas", async () => (await import("../../features/person/PersonPage")).PersonPage),
  lazyScreen("assistance/case", "Casos", async () => (await import("../../features/case/CaseListPage")).CaseListPage),
  lazyScreen("assistance/case/new", "Nuevo caso", async () => (await import("../../features/caseDraft/CaseDraftPage")).CaseDraftPage),
  lazyScreen("assistance/case/:id", "Caso", async () => (await import("../../features/case/CasePage")).CasePage)
]
