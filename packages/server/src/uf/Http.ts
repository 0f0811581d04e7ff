import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { UfService } from "./UfService.js"

/** The `uf` group of the contract: the UF by day, and admin entry. */
export const UfLive = HttpApiBuilder.group(PalmaApi, "uf", (handlers) =>
  Effect.map(Effect.map(UfService, served), (uf) =>
    handlers.handle("valueOn", ({ path }) => uf.valueOn(path.date)).handle("save", ({ payload }) => uf.save(payload.values))
  )
)
