import { HttpApiEndpoint } from "@effect/platform"
import { Schema } from "effect"
import { Family } from "../domain/family.js"
import { Value, ValueInput } from "../domain/value.js"
import { FamilyPath, masterGroupUpdatedById } from "./master.js"
import { Staff } from "./security.js"

/** The seed has no delete for values; `DELETE /value/delete/:id` is Palma's. */
export const ValueApi = masterGroupUpdatedById("value", Value, ValueInput, { list: "/getAll", get: "/getById/:id" })
  // Families that have at least one active value.
  .add(HttpApiEndpoint.get("getFamilies", "/getFamilies").addSuccess(Schema.Array(Family)).middleware(Staff))
  .add(HttpApiEndpoint.get("getByFamilyId", "/getByFamilyId/:family_id").setPath(FamilyPath).addSuccess(Schema.Array(Value)).middleware(Staff))
  .prefix("/value")
