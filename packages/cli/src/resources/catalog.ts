import {
  type Call,
  type District,
  type Document as DocumentRow,
  type Family,
  type MasterName,
  type Procedure,
  type Qualification,
  type Relationship,
  type Specialty,
  type Stage,
  type Value,
  type ValueType,
  resourceActors
} from "@palma/core"
import { fromPromise } from "xstate"
import type { Column } from "../output/cells.js"
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

export const resources: ReadonlyArray<Resource> = [
  district,
  master<Family>("family", false, [id(), name(), active()]),
  master<Specialty>("specialty", true, [id(), family(), name(), description(), active()]),
  master<DocumentRow>("document", true, [id(), family(), name(), description(), active()]),
  master<ValueType>("valueType", false, [id(), code(), name(), active()]),
  master<Value>("value", true, [
    id(),
    family(),
    { header: "Tipo", kind: "text", value: (row) => row.valueType_name },
    name(),
    description(),
    active()
  ]),
  master<Stage>("stage", false, [id(), { header: "N°", kind: "number", value: (row) => row.number }, code(), name(), active()]),
  master<Relationship>("relationship", false, [id(), name(), active()]),
  master<Qualification>("qualification", false, [id(), name(), { header: "Puntaje", kind: "number", value: (row) => row.score }, active()]),
  master<Procedure>("procedure", false, [id(), code(), name(), active()])
]

/** Resource names are matched ignoring case, so `valuetype` finds `valueType`. */
export const findResource = (resourceName: string): Resource | undefined =>
  resources.find((resource) => resource.name.toLowerCase() === resourceName.toLowerCase())
