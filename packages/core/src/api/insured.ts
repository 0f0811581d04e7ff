import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { InsuredSearchPage, PersonSearchQuery } from "../domain/personSearch.js"
import { PersonRecord, PersonUpsertInput } from "../domain/personRecord.js"
import { InsuredSubscriptions } from "../domain/subscription.js"
import { NotFound, PreconditionFailed } from "./errors.js"
import { IdPath } from "./master.js"
import { Staff } from "./security.js"

/**
 * Titulares: search (as customers) and the upsert a case makes of its applicant. `getById`,
 * `update` and `subscriptions` are Palma's own (beside the seed's): what covers a titular found by the operators' search.
 */
export const InsuredApi = HttpApiGroup.make("insured")
  .add(HttpApiEndpoint.get("getByRutOrName", "/getByRutOrName").setUrlParams(PersonSearchQuery).addSuccess(InsuredSearchPage).middleware(Staff))
  .add(HttpApiEndpoint.post("upsert", "/upsert").setPayload(PersonUpsertInput).addSuccess(PersonRecord).middleware(Staff))
  // Palma's own: one titular (with its version as the ETag), and its edit by id with `If-Match`, beside the upsert by RUT.
  .add(HttpApiEndpoint.get("getById", "/getById/:id").setPath(IdPath).addSuccess(PersonRecord).addError(NotFound).middleware(Staff))
  .add(
    HttpApiEndpoint.put("update", "/update/:id")
      .setPath(IdPath)
      .setPayload(PersonUpsertInput)
      .addSuccess(PersonRecord)
      .addError(NotFound)
      .addError(PreconditionFailed)
      .middleware(Staff)
  )
  .add(HttpApiEndpoint.get("subscriptions", "/subscriptions/:id").setPath(IdPath).addSuccess(InsuredSubscriptions).addError(NotFound).middleware(Staff))
  .prefix("/insured")
