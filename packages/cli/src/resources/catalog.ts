import {
  type Assistance,
  type Call,
  type District,
  type Document as DocumentRow,
  type Family,
  type MasterName,
  type Product,
  type Retail,
  type Procedure,
  type Qualification,
  type Relationship,
  type Specialty,
  type Stage,
  type Value,
  type ValueType,
  currencyLabel,
  formatAmount,
  frequencyLabel,
  resourceActors
} from "@palma/core"
import { fromPromise } from "xstate"
import type { Column } from "../output/cells.js"
import { contractor } from "./contractor.js"
import { partner, specialist } from "./providers.js"
import { type Resource, defineResource } from "./resource.js"

const id = <A extends { readonly id: string }>(): Column<A> => ({ header: "ID", kind: "text", value: (row) => row.id })
const active = <A extends { readonly isActive: boolean }>(): Column<A> => ({ header: "Activo", kind: "boolean", value: (row) => row.isActive })
const name = <A extends { readonly name: string }>(): Column<A> => ({ header: "Nombre", kind: "text", value: (row) => row.name })
const code = <A extends { readonly code: string }>(): Column<A> => ({ header: "Código", kind: "text", value: (row) => row.code })
const family = <A extends { readonly family_name: string }>(): Column<A> => ({ header: "Familia", kind: "text", value: (row) => row.family_name })
const description = <A extends { readonly description: string }>(): Column<A> => ({
  header: "Descripción",
  kind: "text",
  value: (row) => row.description
})

/** A master: the core's resource actors over its contract group, whole active list (not paged). */
const master = <A extends { readonly id: string }>(masterName: MasterName, familyScoped: boolean, columns: ReadonlyArray<Column<A>>) =>
  defineResource<A>({ name: masterName, familyScoped, columns, actors: (call: Call) => resourceActors<A>(call, masterName, false) })

/**
 * Comunas are reference data, not a master: no page/create/update/delete endpoints, so
 * resourceActors does not apply. The same resource machine runs with a list actor of its own.
 */
const district = defineResource<District>({
  name: "district",
  familyScoped: false,
  columns: [
    { header: "Código", kind: "text", value: (row) => row.id },
    { header: "Comuna", kind: "text", value: (row) => row.district_name },
    { header: "Provincia", kind: "text", value: (row) => row.province_name },
    { header: "Región", kind: "text", value: (row) => `${row.region_roman} ${row.region_name}` }
  ],
  actors: (call) => ({
    list: fromPromise(() => call((client) => client.district.listAll()).then((items) => ({ items, total: items.length })))
  })
})

/** A whole list from a `getAll` endpoint (no paging, no family filter), through the same resource machine. */
const whole = <A extends { readonly id: string }>(resourceName: string, columns: ReadonlyArray<Column<A>>, getAll: (call: Call) => Promise<ReadonlyArray<A>>) =>
  defineResource<A>({
    name: resourceName,
    familyScoped: false,
    columns,
    actors: (call) => ({ list: fromPromise(() => getAll(call).then((items) => ({ items, total: items.length }))) })
  })

/** Retails (active ones). */
const retail = whole<Retail>(
  "retail",
  [
    id(),
    { header: "RUT", kind: "rut", value: (row) => row.rut },
    name(),
    { header: "Giro", kind: "text", value: (row) => row.line },
    { header: "Comuna", kind: "text", value: (row) => row.district },
    { header: "Correo", kind: "text", value: (row) => row.email },
    { header: "Teléfono", kind: "text", value: (row) => row.phone },
    active()
  ],
  (call) => call((client) => client.retail.getAll())
)

const assistance = whole<Assistance>(
  "assistance",
  [id(), family(), name(), description(), { header: "Valores", kind: "number", value: (row) => row.values.length }, active()],
  (call) => call((client) => client.assistance.getAll())
)

const product = whole<Product>(
  "product",
  [
    id(),
    family(),
    name(),
    { header: "Moneda", kind: "text", value: (row) => currencyLabel[row.currency] },
    { header: "Costo", kind: "text", value: (row) => formatAmount(row.cost) },
    { header: "Frecuencia", kind: "text", value: (row) => frequencyLabel[row.frequency] },
    { header: "Plazo (meses)", kind: "number", value: (row) => row.term },
    { header: "Servicios", kind: "number", value: (row) => row.assistances.length },
    active()
  ],
  (call) => call((client) => client.product.getAll())
)

export const resources: ReadonlyArray<Resource> = [
  district,
  master<Family>("family", false, [id(), name(), active()]),
  master<Specialty>("specialty", true, [id(), family(), name(), description(), active()]),
  master<DocumentRow>("document", true, [id(), family(), name(), description(), active()]),
  master<ValueType>("valueType", false, [id(), code(), name(), active()]),
  master<Value>("value", true, [id(), family(), { header: "Tipo", kind: "text", value: (row) => row.valueType_name }, name(), description(), active()]),
  master<Stage>("stage", false, [id(), { header: "N°", kind: "number", value: (row) => row.number }, code(), name(), active()]),
  master<Relationship>("relationship", false, [id(), name(), active()]),
  master<Qualification>("qualification", false, [id(), name(), { header: "Puntaje", kind: "number", value: (row) => row.score }, active()]),
  master<Procedure>("procedure", false, [id(), code(), name(), active()]),
  assistance,
  product,
  retail,
  specialist,
  partner,
  contractor
]

/** Resource names are matched ignoring case, so `valuetype` finds `valueType`. */
export const findResource = (resourceName: string): Resource | undefined =>
  resources.find((resource) => resource.name.toLowerCase() === resourceName.toLowerCase())
