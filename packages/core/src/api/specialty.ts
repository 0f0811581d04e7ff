import { HttpApiEndpoint } from "@effect/platform"
import { Schema } from "effect"
import { Specialty, SpecialtyInput } from "../domain/specialty.js"
import { FamilyOfItems } from "../domain/family.js"
import { FamilyPath, masterGroup } from "./master.js"
import { Staff } from "./security.js"

export const SpecialtyApi = masterGroup("specialty", Specialty, SpecialtyInput, { list: "/getAllSpecialties", get: "/get/:id" })
  // Families that have at least one active specialty.
  .add(HttpApiEndpoint.get("families", "/families").addSuccess(Schema.Array(FamilyOfItems)).middleware(Staff))
  .add(HttpApiEndpoint.get("getByFamilyId", "/getSpecialtiesByFamilyId/:family_id").setPath(FamilyPath).addSuccess(Schema.Array(Specialty)).middleware(Staff))
  .prefix("/specialty")
