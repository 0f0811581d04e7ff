import { HttpApiEndpoint } from "@effect/platform"
import { Schema } from "effect"
import { Id } from "../domain/fields.js"
import { SpecialtyOfAssistance } from "../domain/provider.js"
import { familyItemGroup } from "./master.js"
import { Staff } from "./security.js"

/** A provider (specialist or partner) and an assistance, as the case screens name them. */
export const ProviderAssistancePath = Schema.Struct({ id: Id, assistance_id: Id })

export const SpecialtyApi = familyItemGroup("specialty", {
  list: "/getAllSpecialties",
  get: "/get/:id",
  byFamily: "/getSpecialtiesByFamilyId/:family_id"
})
  // The specialist's specialties that perform the assistance (the seed's spelling and trailing slash; without it works too).
  .add(
    HttpApiEndpoint.get("getSpecialitiesByAssistance", "/getSpecialitiesByAssistance/:id/:assistance_id/")
      .setPath(ProviderAssistancePath)
      .addSuccess(Schema.Array(SpecialtyOfAssistance))
      .middleware(Staff)
  )
  // The same for a partner.
  .add(
    HttpApiEndpoint.get("getSpecialitiesByPartner", "/getSpecialitiesByPartner/:id/:assistance_id/")
      .setPath(ProviderAssistancePath)
      .addSuccess(Schema.Array(SpecialtyOfAssistance))
      .middleware(Staff)
  )
  .prefix("/specialty")
