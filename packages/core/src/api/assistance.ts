import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Assistance, AssistanceInput } from "../domain/assistance.js"
import { Document } from "../domain/document.js"
import { Family } from "../domain/family.js"
import { Conflict, NotFound } from "./errors.js"
import { IdPath } from "./master.js"
import { Admin, Staff } from "./security.js"

/** Services (spec Assistance): reads for staff, writes for admins. Paths are the seed's. */
export const AssistanceApi = HttpApiGroup.make("assistance")
  .add(
    HttpApiEndpoint.post("create", "/create")
      .setPayload(AssistanceInput)
      .addSuccess(Assistance, { status: 201 })
      .addError(NotFound)
      .addError(Conflict)
      .middleware(Admin)
  )
  .add(
    HttpApiEndpoint.put("updateById", "/updateById/:id")
      .setPath(IdPath)
      .setPayload(AssistanceInput)
      .addSuccess(Assistance)
      .addError(NotFound)
      .addError(Conflict)
      .middleware(Admin)
  )
  // Deactivates; refused (409) while an active product covers it.
  .add(
    HttpApiEndpoint.del("deleteById", "/deleteById/:id")
      .setPath(IdPath)
      .addSuccess(Assistance)
      .addError(NotFound)
      .addError(Conflict)
      .middleware(Admin)
  )
  .add(HttpApiEndpoint.get("getAll", "/getAll").addSuccess(Schema.Array(Assistance)).middleware(Staff))
  .add(HttpApiEndpoint.get("getById", "/getById/:id").setPath(IdPath).addSuccess(Assistance).addError(NotFound).middleware(Staff))
  // Families that have at least one active assistance.
  .add(HttpApiEndpoint.get("getFamilies", "/getFamilies").addSuccess(Schema.Array(Family)).middleware(Staff))
  // `id` is the family's.
  .add(
    HttpApiEndpoint.get("getByFamilyId", "/getByFamilyId/:id")
      .setPath(IdPath)
      .addSuccess(Schema.Array(Assistance))
      .addError(NotFound)
      .middleware(Staff)
  )
  .add(
    HttpApiEndpoint.get("getDocumentsById", "/getDocumentsById/:id")
      .setPath(IdPath)
      .addSuccess(Schema.Array(Document))
      .addError(NotFound)
      .middleware(Staff)
  )
  .prefix("/assistance")
