import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { answerVersioned, ifMatch } from "../http/etag.js"
import { PartnerService } from "./PartnerService.js"
import { stillAssignedConflict } from "../case/StillAssigned.js"

/** The `partner` group of the contract: the provider companies. */
export const PartnerLive = HttpApiBuilder.group(PalmaApi, "partner", (handlers) =>
  Effect.gen(function* () {
    const partners = served(yield* PartnerService)
    return handlers
      .handle("getFamilies", () => partners.families)
      .handle("getAll", () => partners.all)
      .handle("page", ({ urlParams }) => partners.page(urlParams))
      .handle("getById", ({ path }) => Effect.flatMap(partners.getById(path.id), answerVersioned))
      .handle("getByRut", ({ path }) => partners.getByRut(path.rut))
      .handle("getBySpecialtyId", ({ path }) => partners.bySpecialty(path.id))
      .handle("getByAssistance", ({ path }) => partners.byAssistance(path.id))
      .handle("getByName", ({ path }) => partners.byName(path.name))
      .handle("getByFamilyId", ({ path }) => partners.byFamily(path.id))
      .handle("create", ({ payload }) => partners.upsert(payload))
      .handle("update", ({ path, payload }) =>
        ifMatch.pipe(
          Effect.flatMap((precondition) => partners.update(path.id, payload, precondition)),
          Effect.flatMap(answerVersioned)
        )
      )
      .handle("deletePartner", ({ path }) =>
        Effect.flatMap(ifMatch, (precondition) => partners.deactivate(path.id, precondition)).pipe(
          Effect.catchTag("StillAssigned", (e) => Effect.fail(stillAssignedConflict(e)))
        )
      )
  })
).pipe(Layer.provide(PartnerService.layer))
