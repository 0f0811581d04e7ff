import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import {
  ContractorCreated,
  ContractorCreateInput,
  ContractorDetail,
  ContractorFields,
  ContractorListed,
  ContractorPageQuery,
  ContractorRutPath,
  ContractorSearch
} from "../domain/contractorRecord.js"
import { Page } from "../domain/page.js"
import { CustomerOrigins, SubscriptionDetail, SubscriptionPath } from "../domain/subscription.js"
import { Conflict, NotFound, PreconditionFailed } from "./errors.js"
import { IdPath } from "./master.js"
import { Admin, Staff } from "./security.js"

/**
 * Who pays (persons and companies) and what they subscribed. `create` is an upsert keyed on the
 * RUT; `getByRut` answers a blank contractor with that RUT when none exists (the original's
 * screens prefill a new record from it).
 */
export const ContractorApi = HttpApiGroup.make("contractor")
  .add(HttpApiEndpoint.post("create", "/create").setPayload(ContractorCreateInput).addSuccess(ContractorCreated).addError(Conflict).middleware(Admin))
  // Palma's own, beside the upsert by RUT: edits the contractor with this id (its RUT and kind stay), so `If-Match` can name its version.
  .add(
    HttpApiEndpoint.put("update", "/update/:id")
      .setPath(IdPath)
      .setPayload(ContractorCreateInput)
      .addSuccess(ContractorDetail)
      .addError(NotFound)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  .add(HttpApiEndpoint.post("getAll", "/getAll").setPayload(ContractorSearch).addSuccess(Schema.Array(ContractorListed)).middleware(Staff))
  // Palma's own, beside getAll (which answers every match): one page of it, counted on the server.
  .add(HttpApiEndpoint.get("page", "/page").setUrlParams(ContractorPageQuery).addSuccess(Page(ContractorListed)).middleware(Staff))
  .add(HttpApiEndpoint.get("getById", "/getById/:id").setPath(IdPath).addSuccess(ContractorDetail).addError(NotFound).middleware(Staff))
  .add(HttpApiEndpoint.get("getByRut", "/getByRut/:rut/:type").setPath(ContractorRutPath).addSuccess(ContractorFields).middleware(Staff))
  .add(
    HttpApiEndpoint.get("getSubscriptionById", "/getSubscriptionById/:id")
      .setPath(SubscriptionPath)
      .addSuccess(SubscriptionDetail)
      .addError(NotFound)
      .middleware(Staff)
  )
  .add(HttpApiEndpoint.get("getCustomerById", "/getCustomerById/:id").setPath(IdPath).addSuccess(CustomerOrigins).addError(NotFound).middleware(Staff))
  .prefix("/contractor")
