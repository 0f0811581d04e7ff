import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Page } from "../domain/page.js"
import { NamePath, ProviderPageQuery, ProviderSpecialty } from "../domain/provider.js"
import { Conflict, NotFound, PreconditionFailed } from "./errors.js"
import { IdPath } from "./master.js"
import { RutPath } from "./retail.js"
import { Admin, Staff } from "./security.js"

/** What tells one provider group from the other on the wire: its name, its shapes, and the seed's name for its delete. */
export interface ProviderWire<Name extends string, Delete extends string, Row, RowI, Detail, DetailI, Item, ItemI, Input, InputI, Deleted, DeletedI> {
  readonly name: Name
  /** A row of the seed's lists. */
  readonly Row: Schema.Schema<Row, RowI>
  /** One provider with its specialties (and whatever else the kind has). */
  readonly Detail: Schema.Schema<Detail, DetailI>
  /** A row of Palma's paged list. */
  readonly PageItem: Schema.Schema<Item, ItemI>
  /** The body of the upsert by RUT and of Palma's edit by id. */
  readonly Input: Schema.Schema<Input, InputI>
  /** The seed's delete: its endpoint's name (and path) and what it answers. */
  readonly remove: { readonly name: Delete; readonly Deleted: Schema.Schema<Deleted, DeletedI> }
}

/**
 * The endpoints every provider group (specialists, partners) has, at the seed's paths and with
 * its shapes: reads for every role (operators send providers to cases), writes for admins.
 * `getByRut` answers `null` for an unknown RUT (the screen opens a new record prefilled with it);
 * `getFamilies` answers specialties with their family, as the original did in effect (its client
 * fills the "Especialidad" filter with them and calls `getBySpecialtyId`); `page` and `update`
 * are Palma's. The kind adds its own endpoints and the group's prefix.
 */
export const providerGroup = <
  const Name extends string,
  const Delete extends string,
  Row,
  RowI,
  Detail,
  DetailI,
  Item,
  ItemI,
  Input,
  InputI,
  Deleted,
  DeletedI
>(
  wire: ProviderWire<Name, Delete, Row, RowI, Detail, DetailI, Item, ItemI, Input, InputI, Deleted, DeletedI>
) =>
  HttpApiGroup.make(wire.name)
    .add(HttpApiEndpoint.get("getFamilies", "/getFamilies").addSuccess(Schema.Array(ProviderSpecialty)).middleware(Staff))
    .add(HttpApiEndpoint.get("getAll", "/getAll").addSuccess(Schema.Array(wire.Row)).middleware(Staff))
    .add(HttpApiEndpoint.get("page", "/page").setUrlParams(ProviderPageQuery).addSuccess(Page(wire.PageItem)).middleware(Staff))
    .add(HttpApiEndpoint.get("getById", "/getById/:id").setPath(IdPath).addSuccess(wire.Detail).addError(NotFound).middleware(Staff))
    .add(HttpApiEndpoint.get("getByRut", "/getByRut/:rut").setPath(RutPath).addSuccess(Schema.NullOr(wire.Detail)).middleware(Staff))
    .add(HttpApiEndpoint.get("getBySpecialtyId", "/getBySpecialtyId/:id").setPath(IdPath).addSuccess(Schema.Array(wire.Row)).middleware(Staff))
    // Name containing the text (a specialist's with their surnames), accents and case ignored.
    .add(HttpApiEndpoint.get("getByName", "/getByName/:name").setPath(NamePath).addSuccess(Schema.Array(wire.Row)).middleware(Staff))
    .add(HttpApiEndpoint.post("create", "/create").setPayload(wire.Input).addSuccess(wire.Detail).addError(NotFound).middleware(Admin))
    // Palma's own, beside the upsert by RUT: edits (and restores) the provider with this id, so `If-Match` can name its version.
    .add(
      HttpApiEndpoint.put("update", "/update/:id")
        .setPath(IdPath)
        .setPayload(wire.Input)
        .addSuccess(wire.Detail)
        .addError(NotFound)
        .addError(PreconditionFailed)
        .middleware(Admin)
    )
    // Deactivates (the original deleted the row): a case sent to the provider keeps its meaning; creating the RUT again restores them.
    .add(
      HttpApiEndpoint.del(wire.remove.name, `/${wire.remove.name}/:id`)
        .setPath(IdPath)
        .addSuccess(wire.remove.Deleted)
        .addError(NotFound)
        // Sent to an open case: it stays active.
        .addError(Conflict)
        .addError(PreconditionFailed)
        .middleware(Admin)
    )
