import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { CustomerSearchPage, PersonSearchQuery } from "../domain/personSearch.js"
import { Staff } from "./security.js"

/** Customers with a policy in force, by RUT prefix or name, paged as the original pages. */
export const CustomerApi = HttpApiGroup.make("customer")
  .add(HttpApiEndpoint.get("getByRutOrName", "/getByRutOrName").setUrlParams(PersonSearchQuery).addSuccess(CustomerSearchPage).middleware(Staff))
  .prefix("/customer")
