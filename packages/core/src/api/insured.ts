import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { InsuredSearchPage, PersonSearchQuery } from "../domain/personSearch.js"
import { PersonRecord, PersonUpsertInput } from "../domain/personRecord.js"
import { Staff } from "./security.js"

/** Titulares: search (as customers) and the upsert a case makes of its applicant. */
export const InsuredApi = HttpApiGroup.make("insured")
  .add(HttpApiEndpoint.get("getByRutOrName", "/getByRutOrName").setUrlParams(PersonSearchQuery).addSuccess(InsuredSearchPage).middleware(Staff))
  .add(HttpApiEndpoint.post("upsert", "/upsert").setPayload(PersonUpsertInput).addSuccess(PersonRecord).middleware(Staff))
  .prefix("/insured")
