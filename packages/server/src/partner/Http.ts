import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { providerHandlers } from "../provider/providerHandlers.js"
import { PartnerService } from "./PartnerService.js"

/** The `partner` group of the contract: the provider companies. */
export const PartnerLive = HttpApiBuilder.group(PalmaApi, "partner", (handlers) =>
  Effect.gen(function* () {
    const partners = served(yield* PartnerService)
    const one = providerHandlers(partners)
    return handlers
      .handle("getFamilies", () => partners.families)
      .handle("getAll", () => partners.all)
      .handle("page", ({ urlParams }) => partners.page(urlParams))
      .handle("getById", one.getById)
      .handle("getByRut", one.getByRut)
      .handle("getBySpecialtyId", ({ path }) => partners.bySpecialty(path.id))
      .handle("getByAssistance", ({ path }) => partners.byAssistance(path.id))
      .handle("getByName", ({ path }) => partners.byName(path.name))
      .handle("getByFamilyId", ({ path }) => partners.byFamily(path.id))
      .handle("create", ({ payload }) => partners.upsert(payload))
      .handle("update", one.update)
      .handle("deletePartner", one.deactivate)
  })
).pipe(Layer.provide(PartnerService.layer))
