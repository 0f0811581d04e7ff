import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core"
import { ContractorService } from "./ContractorService.js"

/** The `contractor` group of the contract: who pays and what they subscribed. */
export const ContractorLive = HttpApiBuilder.group(PalmaApi, "contractor", (handlers) =>
  Effect.map(ContractorService, (contractors) =>
    handlers
      .handle("create", ({ payload }) => contractors.create(payload))
      .handle("getAll", ({ payload }) => contractors.list(payload))
      .handle("page", ({ urlParams }) => contractors.page(urlParams))
      .handle("getById", ({ path }) => contractors.getById(path.id))
      .handle("getByRut", ({ path }) => contractors.getByRut(path.rut, path.type))
      .handle("getSubscriptionById", ({ path }) => contractors.getSubscriptionById(path.id))
      .handle("getCustomerById", ({ path }) => contractors.getCustomerById(path.id))
  )
).pipe(Layer.provide(ContractorService.layer))
