import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Id } from "../domain/fields.js"
import { Page, PageQuery } from "../domain/page.js"
import { Conflict, NotFound } from "./errors.js"
import { Admin, Staff } from "./security.js"

export const IdPath = Schema.Struct({ id: Id })

/** The `list` filter of family-scoped masters. */
export const ListQuery = Schema.Struct({
  family_id: Schema.optional(Schema.UUID.annotations({ message: () => "Familia inválida" }))
})

/**
 * The one contract shape of every simple master (family, specialty, stage…):
 * reads for staff, writes for admins, delete deactivates. Paths are the seed's.
 */
export const masterGroup = <const Name extends string, A, I, In, InI>(
  name: Name,
  entity: Schema.Schema<A, I>,
  input: Schema.Schema<In, InI>
) =>
  HttpApiGroup.make(name)
    .add(HttpApiEndpoint.get("list", "/list").setUrlParams(ListQuery).addSuccess(Schema.Array(entity)).middleware(Staff))
    .add(HttpApiEndpoint.get("page", "/page").setUrlParams(PageQuery).addSuccess(Page(entity)).middleware(Staff))
    .add(
      HttpApiEndpoint.get("getById", "/getById/:id")
        .setPath(IdPath)
        .addSuccess(entity)
        .addError(NotFound)
        .middleware(Staff)
    )
    .add(
      HttpApiEndpoint.post("create", "/create")
        .setPayload(input)
        .addSuccess(entity, { status: 201 })
        .addError(NotFound)
        .addError(Conflict)
        .middleware(Admin)
    )
    .add(
      HttpApiEndpoint.put("update", "/update/:id")
        .setPath(IdPath)
        .setPayload(input)
        .addSuccess(entity)
        .addError(NotFound)
        .addError(Conflict)
        .middleware(Admin)
    )
    .add(
      HttpApiEndpoint.del("delete", "/delete/:id")
        .setPath(IdPath)
        .addSuccess(entity)
        .addError(NotFound)
        .middleware(Admin)
    )
    .prefix(`/${name}`)
