import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { District, Region } from "../domain/district.js"
import { Staff } from "./security.js"

/** Chile's official comunas (read-only reference data). */
export const DistrictApi = HttpApiGroup.make("district")
  .add(HttpApiEndpoint.get("listAll", "/listAll").addSuccess(Schema.Array(District)).middleware(Staff))
  .add(HttpApiEndpoint.get("listRegions", "/listRegions").addSuccess(Schema.Array(Region)).middleware(Staff))
  .prefix("/district")
