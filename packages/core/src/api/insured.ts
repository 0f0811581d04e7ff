import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { InsuredSearchPage, PersonSearchQuery } from "../domain/personSearch.js"
import { PersonRecord, PersonUpsertInput } from "../domain/personRecord.js"
import { InsuredSubscriptions } from "../domain/subscription.js"
import { NotFound } from "./errors.js"
import { IdPath } from "./master.js"
import { Staff } from "./security.js"

/**
 * Titulares: search (as customers) and the upsert a case makes of its applicant. `subscriptions`
 * is Palma's own (beside the seed's): what covers a titular found by the operators' search.
 */
export const InsuredApi = HttpApiGroup.make("insured")
  .add(HttpApiEndpoint.get("getByRutOrName", "/getByRutOrName").setUrlParams(PersonSearchQuery).addSuccess(InsuredSearchPage).middleware(Staff))
  .add(HttpApiEndpoint.post("upsert", "/upsert").setPayload(PersonUpsertInput).addSuccess(PersonRecord).middleware(Staff))
  .add(HttpApiEndpoint.get("subscriptions", "/subscriptions/:id").setPath(IdPath).addSuccess(InsuredSubscriptions).addError(NotFound).middleware(Staff))
  .prefix("/insured")
