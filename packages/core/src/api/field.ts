import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { RosterField } from "../domain/fileFormat.js"
import { NotFound } from "./errors.js"
import { IdPath } from "./master.js"
import { Staff } from "./security.js"

/** What can be a column of a plan's roster: the roster fields, then the values its product asks for. */
export const FieldApi = HttpApiGroup.make("field")
  .add(
    HttpApiEndpoint.get("getByProductPlanId", "/getByProductPlanId/:id")
      .setPath(IdPath)
      .addSuccess(Schema.Array(RosterField))
      .addError(NotFound)
      .middleware(Staff)
  )
  .prefix("/field")
