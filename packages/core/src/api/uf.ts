import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { UfDatePath, UfEntriesInput, UfEntriesSaved, UfValue } from "../domain/ufValue.js"
import { BadRequest, NotFound } from "./errors.js"
import { Admin, Staff } from "./security.js"

/**
 * The UF by day (Palma's own routes; the seed had none). A missing day is asked of the configured
 * provider; offline, the last known earlier value answers, flagged `stale`. 404 only when no
 * value at or before the day is known at all.
 */
export const UfApi = HttpApiGroup.make("uf")
  .add(HttpApiEndpoint.get("valueOn", "/uf/:date").setPath(UfDatePath).addSuccess(UfValue).addError(NotFound).middleware(Staff))
  .add(HttpApiEndpoint.put("save", "/uf").setPayload(UfEntriesInput).addSuccess(UfEntriesSaved).addError(BadRequest).middleware(Admin))
