import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { ParseResult, Schema } from "effect"
import { DistrictRef } from "../domain/common.js"
import { Id } from "../domain/fields.js"
import { Page } from "../domain/page.js"
import { uuidPattern } from "../domain/uuid.js"
import { NamePath, ProviderAssistance, ProviderPageQuery, ProviderSpecialty } from "../domain/provider.js"
import { DeletedSpecialist, NearbySpecialist, Specialist, SpecialistDetail, SpecialistInput, SpecialistPageItem } from "../domain/specialist.js"
import { Conflict, NotFound, PreconditionFailed } from "./errors.js"
import { FamilyPath, IdPath } from "./master.js"
import { RutPath } from "./retail.js"
import { Admin, Staff } from "./security.js"

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
 * Specialists: reads for every role (operators assign them to cases), writes for admins. Paths and
 * shapes are the seed's; `getByRut` answers `null` for an unknown RUT so the screen opens a new
 * record prefilled with it. `getFamilies` answers specialties with their family, as the original's
 * did in effect: its client fills the "Especialidad" filter with them and calls `getBySpecialtyId`.
 * `page` is Palma's.
 */
export const SpecialistApi = HttpApiGroup.make("specialist")
  .add(HttpApiEndpoint.get("getFamilies", "/getFamilies").addSuccess(Schema.Array(ProviderSpecialty)).middleware(Staff))
  // The family's assistances that some active specialist can perform.
  .add(HttpApiEndpoint.get("getAssistances", "/getAssistances/:family_id").setPath(FamilyPath).addSuccess(Schema.Array(ProviderAssistance)).middleware(Staff))
  .add(HttpApiEndpoint.get("getAll", "/getAll").addSuccess(Schema.Array(Specialist)).middleware(Staff))
  .add(HttpApiEndpoint.get("page", "/page").setUrlParams(ProviderPageQuery).addSuccess(Page(SpecialistPageItem)).middleware(Staff))
  .add(HttpApiEndpoint.get("getById", "/getById/:id").setPath(IdPath).addSuccess(SpecialistDetail).addError(NotFound).middleware(Staff))
  .add(HttpApiEndpoint.get("getByRut", "/getByRut/:rut").setPath(RutPath).addSuccess(Schema.NullOr(SpecialistDetail)).middleware(Staff))
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
  .add(HttpApiEndpoint.get("getBySpecialtyId", "/getBySpecialtyId/:id").setPath(IdPath).addSuccess(Schema.Array(Specialist)).middleware(Staff))
  // Name or surnames containing the text, accents and case ignored.
  .add(HttpApiEndpoint.get("getByName", "/getByName/:name").setPath(NamePath).addSuccess(Schema.Array(Specialist)).middleware(Staff))
  .add(HttpApiEndpoint.post("create", "/create").setPayload(SpecialistInput).addSuccess(SpecialistDetail).addError(NotFound).middleware(Admin))
  // Palma's own, beside the upsert by RUT: edits (and restores) the specialist with this id, so `If-Match` can name its version.
  .add(
    HttpApiEndpoint.put("update", "/update/:id")
      .setPath(IdPath)
      .setPayload(SpecialistInput)
      .addSuccess(SpecialistDetail)
      .addError(NotFound)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  // Deactivates: a case assigned to them keeps its meaning; creating the RUT again restores them.
  .add(
    HttpApiEndpoint.del("deleteById", "/deleteById/:id")
      .setPath(IdPath)
      .addSuccess(DeletedSpecialist)
      .addError(NotFound)
      // Sent to an open case: it stays active.
      .addError(Conflict)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
  .prefix("/specialist")
