import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Page } from "../domain/page.js"
import { Partner, PartnerDetail, PartnerInput } from "../domain/partner.js"
import { NamePath, ProviderPageQuery, ProviderSpecialty } from "../domain/provider.js"
import { Conflict, NotFound, PreconditionFailed } from "./errors.js"
import { IdPath } from "./master.js"
import { RutPath } from "./retail.js"
import { Admin, Staff } from "./security.js"

/**
 * Partners (alliances): reads for every role, writes for admins; the seed's paths and shapes.
 * `getByRut` answers `null` for an unknown RUT (the screen prefills a new record); `getFamilies`
 * answers specialties with their family (see the specialist group); `page` is Palma's.
 */
export const PartnerApi = HttpApiGroup.make("partner")
  .add(HttpApiEndpoint.get("getFamilies", "/getFamilies").addSuccess(Schema.Array(ProviderSpecialty)).middleware(Staff))
  .add(HttpApiEndpoint.get("getAll", "/getAll").addSuccess(Schema.Array(Partner)).middleware(Staff))
  .add(HttpApiEndpoint.get("page", "/page").setUrlParams(ProviderPageQuery).addSuccess(Page(PartnerDetail)).middleware(Staff))
  .add(HttpApiEndpoint.get("getById", "/getById/:id").setPath(IdPath).addSuccess(PartnerDetail).addError(NotFound).middleware(Staff))
  .add(HttpApiEndpoint.get("getByRut", "/getByRut/:rut").setPath(RutPath).addSuccess(Schema.NullOr(PartnerDetail)).middleware(Staff))
  .add(HttpApiEndpoint.get("getBySpecialtyId", "/getBySpecialtyId/:id").setPath(IdPath).addSuccess(Schema.Array(Partner)).middleware(Staff))
  // Active partners with a specialty that performs the assistance.
  .add(HttpApiEndpoint.get("getByAssistance", "/getByAssistance/:id").setPath(IdPath).addSuccess(Schema.Array(Partner)).middleware(Staff))
  // Name containing the text, accents and case ignored.
  .add(HttpApiEndpoint.get("getByName", "/getByName/:name").setPath(NamePath).addSuccess(Schema.Array(Partner)).middleware(Staff))
  // Active partners with a specialty of the family.
  .add(HttpApiEndpoint.get("getByFamilyId", "/getByFamilyId/:id").setPath(IdPath).addSuccess(Schema.Array(Partner)).middleware(Staff))
  .add(HttpApiEndpoint.post("create", "/create").setPayload(PartnerInput).addSuccess(PartnerDetail).addError(NotFound).middleware(Admin))
  // Palma's own, beside the upsert by RUT: edits (and restores) the partner with this id, so `If-Match` can name its version.
  .add(
    HttpApiEndpoint.put("update", "/update/:id")
      .setPath(IdPath)
      .setPayload(PartnerInput)
      .addSuccess(PartnerDetail)
      .addError(NotFound)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  // Deactivates (the original deleted the row): creating the RUT again restores the partner.
  .add(
    HttpApiEndpoint.del("deletePartner", "/deletePartner/:id")
      .setPath(IdPath)
      .addSuccess(Partner)
      .addError(NotFound)
      // Sent to an open case: it stays active.
      .addError(Conflict)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  .prefix("/partner")
