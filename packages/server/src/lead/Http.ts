import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { LeadService } from "./LeadService.js"

/** The `lead` group of the contract: a subscription's cargas. */
export const LeadLive = HttpApiBuilder.group(PalmaApi, "lead", (handlers) =>
  Effect.map(Effect.map(LeadService, served), (leads) =>
    handlers
      .handle("removeBeneficiary", ({ payload }) => leads.removeBeneficiary(payload))
      .handle("addBeneficiary", ({ payload }) => leads.addBeneficiary(payload))
  )
).pipe(Layer.provide(LeadService.layer))
