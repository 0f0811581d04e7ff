import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { CaseDashboardService } from "./CaseDashboardService.js"

/** The `caseDashboard` group of the contract: Palma's dashboard and the seed's `getStatistics`. */
export const CaseDashboardLive = HttpApiBuilder.group(PalmaApi, "caseDashboard", (handlers) =>
  Effect.map(CaseDashboardService, (figures) =>
    handlers.handle("getStatistics", () => figures.statistics).handle("dashboard", ({ urlParams }) => figures.dashboard(urlParams))
  )
).pipe(Layer.provide(CaseDashboardService.layer))
