import { HttpApiEndpoint } from "@effect/platform"
import { Schema } from "effect"
import { Partner, PartnerDetail, PartnerInput } from "../domain/partner.js"
import { IdPath } from "./master.js"
import { providerGroup } from "./provider.js"
import { Staff } from "./security.js"

/** Partners (alliances): the provider endpoints at `/partner`, the seed's delete being `deletePartner`, and the partners' own reads. */
export const PartnerApi = providerGroup({
  name: "partner",
  Row: Partner,
  Detail: PartnerDetail,
  PageItem: PartnerDetail,
  Input: PartnerInput,
  remove: { name: "deletePartner", Deleted: Partner }
})
  // Active partners with a specialty that performs the assistance.
  .add(HttpApiEndpoint.get("getByAssistance", "/getByAssistance/:id").setPath(IdPath).addSuccess(Schema.Array(Partner)).middleware(Staff))
  // Active partners with a specialty of the family.
  .add(HttpApiEndpoint.get("getByFamilyId", "/getByFamilyId/:id").setPath(IdPath).addSuccess(Schema.Array(Partner)).middleware(Staff))
  .prefix("/partner")
