import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { DeletedRecord } from "../domain/deletedRecord.js"
import { FamilyOfItems } from "../domain/family.js"
import { FamilyItem, FamilyItemInput } from "../domain/familyItem.js"
import { Id } from "../domain/fields.js"
import { Page, PageQuery } from "../domain/page.js"
import { Conflict, NotFound, PreconditionFailed } from "./errors.js"
import { Admin, Staff } from "./security.js"

export const IdPath = Schema.Struct({ id: Id })
export const FamilyPath = Schema.Struct({ family_id: Id })

/** The `list` filter of family-scoped masters. */
export const ListQuery = Schema.Struct({
  family_id: Schema.optional(Schema.UUID.annotations({ message: () => "Familia inválida" }))
})

/**
 * Where a master's calls live. The seed names them per resource (`/family/list`,
 * `/specialty/getAllSpecialties`, `/stage/get/:id`, `/value/getById/:id`…); the paths here are
 * the seed's verbatim, and Palma's own (`/page`, the writes the seed lacks) sit beside them.
 */
export interface MasterPaths {
  /** Every active row: the seed's getAll. */
  readonly list: `/${string}`
  /** One row by id (`:id`). */
  readonly get: `/${string}:id`
}

/** The endpoints every master has, whatever its paths; `update` is added by the caller. */
const baseGroup = <const Name extends string, A, I, In, InI>(name: Name, entity: Schema.Schema<A, I>, input: Schema.Schema<In, InI>, paths: MasterPaths) =>
  HttpApiGroup.make(name)
    .add(HttpApiEndpoint.get("list", paths.list).setUrlParams(ListQuery).addSuccess(Schema.Array(entity)).middleware(Staff))
    // Palma's own: server-side paging, sorting and search for the web's tables.
    .add(HttpApiEndpoint.get("page", "/page").setUrlParams(PageQuery).addSuccess(Page(entity)).middleware(Staff))
    .add(HttpApiEndpoint.get("getById", paths.get).setPath(IdPath).addSuccess(entity).addError(NotFound).middleware(Staff))
    .add(HttpApiEndpoint.post("create", "/create").setPayload(input).addSuccess(entity).addError(NotFound).addError(Conflict).middleware(Admin))
    // Deactivates: history that points at the row keeps its meaning. Refused (409) while others use it.
    .add(
      HttpApiEndpoint.del("delete", "/delete/:id")
        .setPath(IdPath)
        .addSuccess(entity)
        .addError(NotFound)
        .addError(Conflict)
        .addError(PreconditionFailed)
        .middleware(Admin)
    )
    .add(deletedEndpoint(entity))
    .add(restoreEndpoint(entity))

/** Palma's own: the deleted (inactive) rows, paged like `/page`, for an admin to restore. */
export const deletedEndpoint = <A, I>(entity: Schema.Schema<A, I>) =>
  HttpApiEndpoint.get("deleted", "/deleted").setUrlParams(PageQuery).addSuccess(Page(entity)).middleware(Admin)

/** Palma's own, for catalog records (whose rows are too rich to list deleted): id, name and when each went. */
export const deletedRecordsEndpoint = HttpApiEndpoint.get("deleted", "/deleted").setUrlParams(PageQuery).addSuccess(Page(DeletedRecord)).middleware(Admin)

/** Palma's own: reactivates a deleted row; 409 when an active row now holds its name or what it needs is deleted. */
export const restoreEndpoint = <A, I>(entity: Schema.Schema<A, I>) =>
  HttpApiEndpoint.post("restore", "/restore/:id").setPath(IdPath).addSuccess(entity).addError(NotFound).addError(Conflict).middleware(Admin)

/**
 * The one contract shape of every simple master: reads for staff, writes for admins, delete
 * deactivates (and `deleted` / `restore` bring rows back); updates and deletes honour `If-Match`
 * (412 when stale); `update` takes the id in the path (`PUT /update/:id`). The caller adds the
 * resource's own calls, then the prefix (`.prefix("/family")`).
 */
export const masterGroup = <const Name extends string, A, I, In, InI>(
  name: Name,
  entity: Schema.Schema<A, I>,
  input: Schema.Schema<In, InI>,
  paths: MasterPaths
) =>
  baseGroup(name, entity, input, paths).add(
    HttpApiEndpoint.put("update", "/update/:id")
      .setPath(IdPath)
      .setPayload(input)
      .addSuccess(entity)
      .addError(NotFound)
      .addError(Conflict)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )

/**
 * A master kept per family (specialties, documents): the master's calls, plus the families that
 * have an active one (`/families`) and a family's own (`byFamily`, the seed's path).
 */
export const familyItemGroup = <const Name extends string>(name: Name, paths: MasterPaths & { readonly byFamily: `/${string}/:family_id` }) =>
  masterGroup(name, FamilyItem, FamilyItemInput, paths)
    .add(HttpApiEndpoint.get("families", "/families").addSuccess(Schema.Array(FamilyOfItems)).middleware(Staff))
    .add(HttpApiEndpoint.get("getByFamilyId", paths.byFamily).setPath(FamilyPath).addSuccess(Schema.Array(FamilyItem)).middleware(Staff))

/** The same, for the masters whose seed update is `PUT /updateById` with the id in the body. */
export const masterGroupUpdatedById = <const Name extends string, A, I, In, InI>(
  name: Name,
  entity: Schema.Schema<A, I>,
  input: Schema.Schema<In, InI>,
  paths: MasterPaths
) =>
  baseGroup(name, entity, input, paths).add(
    HttpApiEndpoint.put("update", "/updateById")
      .setPayload(Schema.extend(Schema.Struct({ id: Id }), input))
      .addSuccess(entity)
      .addError(NotFound)
      .addError(Conflict)
      .addError(PreconditionFailed)
      .middleware(Admin)
  )
