import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { RosterField } from "../domain/fileFormat.js"
import { NotFound } from "./errors.js"
import { ProductPlanPath } from "./fileFormat.js"
import { Staff } from "./security.js"

/** What can be a column of a plan's roster: the roster fields ("ASE"), then the values its product asks for ("VAL"). */
export const FieldApi = HttpApiGroup.make("field")
  .add(
    HttpApiEndpoint.get("getByProductPlanId", "/getByProductPlanId/:productPlan_id")
      .setPath(ProductPlanPath)
      .addSuccess(Schema.Array(RosterField))
      .addError(NotFound)
      .middleware(Staff)
  )
  .prefix("/field")
