import { HttpApiEndpoint } from "@effect/platform"
import { ParseResult, Schema } from "effect"
import { DistrictRef } from "../domain/common.js"
import { Id } from "../domain/fields.js"
import { uuidPattern } from "../domain/uuid.js"
import { ProviderAssistance } from "../domain/provider.js"
import { DeletedSpecialist, NearbySpecialist, Specialist, SpecialistDetail, SpecialistInput, SpecialistPageItem } from "../domain/specialist.js"
import { NotFound } from "./errors.js"
import { FamilyPath } from "./master.js"
import { providerGroup } from "./provider.js"
import { Staff } from "./security.js"

/**
 * `getByAssistanceAndDistrict/:district/:assistance_id`. The original's route and the seed's
 * placeholders disagree on the order of the two segments; an assistance id (a UUID) and a comuna
 * (a name or CUT code) cannot be confused, so either order is taken.
 */
const SelectionPath = Schema.transformOrFail(
  Schema.Struct({ district: Schema.String, assistance_id: Schema.String }),
  Schema.Struct({ district: DistrictRef, assistance_id: Id }),
  {
    strict: true,
    decode: (path, _, ast) =>
      uuidPattern.test(path.assistance_id)
        ? ParseResult.succeed(path)
        : uuidPattern.test(path.district)
          ? ParseResult.succeed({ district: path.assistance_id, assistance_id: path.district })
          : ParseResult.fail(new ParseResult.Type(ast, path, "Indique un servicio (su ID) y una comuna (nombre o código CUT)")),
    encode: ParseResult.succeed
  }
)

/**
 * Specialists: the provider endpoints at `/specialist`, the seed's delete being `deleteById` (it
 * answers the specialist with the original's `deleted: true`), and the specialists' own reads:
 * what a family's specialists can do and who attends a case's event.
 */
export const SpecialistApi = providerGroup({
  name: "specialist",
  Row: Specialist,
  Detail: SpecialistDetail,
  PageItem: SpecialistPageItem,
  Input: SpecialistInput,
  remove: { name: "deleteById", Deleted: DeletedSpecialist }
})
  // The family's assistances that some active specialist can perform.
  .add(HttpApiEndpoint.get("getAssistances", "/getAssistances/:family_id").setPath(FamilyPath).addSuccess(Schema.Array(ProviderAssistance)).middleware(Staff))
  // Active specialists with a specialty of the assistance who serve the comuna, and the remote ones.
  .add(
    HttpApiEndpoint.get("getByAssistanceAndDistrict", "/getByAssistanceAndDistrict/:district/:assistance_id")
      .setPath(SelectionPath)
      .addSuccess(Schema.Array(Specialist))
      .addError(NotFound)
      .middleware(Staff)
  )
  // Palma's own: when nobody serves the event's comuna, who performs the assistance in its province, then in its region, ranked the same way.
  .add(
    HttpApiEndpoint.get("getNearby", "/getNearby/:district/:assistance_id")
      .setPath(SelectionPath)
      .addSuccess(Schema.Array(NearbySpecialist))
      .addError(NotFound)
      .middleware(Staff)
  )
  .prefix("/specialist")
