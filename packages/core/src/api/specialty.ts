import { HttpApiEndpoint } from "@effect/platform"
import { Schema } from "effect"
import { Specialty, SpecialtyInput } from "../domain/specialty.js"
import { FamilyOfItems } from "../domain/family.js"
import { Id } from "../domain/fields.js"
import { SpecialtyOfAssistance } from "../domain/provider.js"
import { FamilyPath, masterGroup } from "./master.js"
import { Staff } from "./security.js"

/** A provider (specialist or partner) and an assistance, as the case screens name them. */
export const ProviderAssistancePath = Schema.Struct({ id: Id, assistance_id: Id })

export const SpecialtyApi = masterGroup("specialty", Specialty, SpecialtyInput, { list: "/getAllSpecialties", get: "/get/:id" })
  // Families that have at least one active specialty.
  .add(HttpApiEndpoint.get("families", "/families").addSuccess(Schema.Array(FamilyOfItems)).middleware(Staff))
  .add(HttpApiEndpoint.get("getByFamilyId", "/getSpecialtiesByFamilyId/:family_id").setPath(FamilyPath).addSuccess(Schema.Array(Specialty)).middleware(Staff))
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
