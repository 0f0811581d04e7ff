import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Page, PageQuery } from "../domain/page.js"
import { Assistance, AssistanceUpdate, AssistanceUpsert } from "../domain/assistance.js"
import { Document } from "../domain/familyItem.js"
import { Family } from "../domain/family.js"
import { Value } from "../domain/value.js"
import { Conflict, NotFound, PreconditionFailed } from "./errors.js"
import { deletedRecordsEndpoint, FamilyPath, IdPath, restoreEndpoint } from "./master.js"
import { Admin, Staff } from "./security.js"

/**
 * Services (spec Assistance): reads for staff, writes for admins. Paths and shapes are the seed's.
 * Not here yet: `getValuesById/:insured_id/:assistance_id/:product_id` and `POST /assignValue`,
 * which read and write a lead's captured values (they come with leads and insured).
 */
export const AssistanceApi = HttpApiGroup.make("assistance")
  // An upsert, as in the seed: with the id of an assistance in the body it updates that one.
  .add(
    HttpApiEndpoint.post("create", "/create")
      .setPayload(AssistanceUpsert)
      .addSuccess(Assistance)
      .addError(NotFound)
      .addError(Conflict)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  // The id in the body; lists left out of it are kept.
  .add(
    HttpApiEndpoint.put("updateById", "/updateById")
      .setPayload(AssistanceUpdate)
      .addSuccess(Assistance)
      .addError(NotFound)
      .addError(Conflict)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  // Deactivates; refused (409) while an active product covers it.
  .add(
    HttpApiEndpoint.del("deleteById", "/deleteById/:id")
      .setPath(IdPath)
      .addSuccess(Assistance)
      .addError(NotFound)
      .addError(Conflict)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  .add(deletedRecordsEndpoint)
  .add(restoreEndpoint(Assistance))
  .add(HttpApiEndpoint.get("getAll", "/getAll").addSuccess(Schema.Array(Assistance)).middleware(Staff))
  // Palma's own: server-side paging, sorting and search for the web's table (the seed lists it whole).
  .add(HttpApiEndpoint.get("page", "/page").setUrlParams(PageQuery).addSuccess(Page(Assistance)).middleware(Staff))
  .add(HttpApiEndpoint.get("getById", "/getById/:id").setPath(IdPath).addSuccess(Assistance).addError(NotFound).middleware(Staff))
  // Families that have at least one active assistance.
  .add(HttpApiEndpoint.get("getFamilies", "/getFamilies").addSuccess(Schema.Array(Family)).middleware(Staff))
  .add(
    HttpApiEndpoint.get("getByFamilyId", "/getByFamilyId/:family_id")
      .setPath(FamilyPath)
      .addSuccess(Schema.Array(Assistance))
      .addError(NotFound)
      .middleware(Staff)
  )
  // The values a case of the assistance asks, in asking order.
  .add(HttpApiEndpoint.get("getValues", "/getValues/:id").setPath(IdPath).addSuccess(Schema.Array(Value)).addError(NotFound).middleware(Staff))
  // The documents a case of the assistance may require.
  .add(HttpApiEndpoint.get("getDocumentsById", "/getDocumentsById/:id").setPath(IdPath).addSuccess(Schema.Array(Document)).addError(NotFound).middleware(Staff))
  .prefix("/assistance")
