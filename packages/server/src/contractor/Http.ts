import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { answerVersioned, ifMatch } from "../http/etag.js"
import { ContractorService } from "./ContractorService.js"

/** The `contractor` group of the contract: who pays and what they subscribed. */
export const ContractorLive = HttpApiBuilder.group(PalmaApi, "contractor", (handlers) =>
  Effect.map(Effect.map(ContractorService, served), (contractors) =>
    handlers
      .handle("create", ({ payload }) => contractors.create(payload))
      .handle("update", ({ path, payload }) =>
        ifMatch.pipe(
          Effect.flatMap((precondition) => contractors.update(path.id, payload, precondition)),
          Effect.flatMap(answerVersioned)
        )
      )
      .handle("getAll", ({ payload }) => contractors.list(payload))
      .handle("page", ({ urlParams }) => contractors.page(urlParams))
      .handle("getById", ({ path }) => Effect.flatMap(contractors.getById(path.id), answerVersioned))
      .handle("getByRut", ({ path }) => contractors.getByRut(path.rut, path.type))
      .handle("getSubscriptionById", ({ path }) => contractors.getSubscriptionById(path.id))
      .handle("getCustomerById", ({ path }) => contractors.getCustomerById(path.id))
  )
).pipe(Layer.provide(ContractorService.layer))
