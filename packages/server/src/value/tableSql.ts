import { Effect } from "effect"
import { type Value, type ValueInput } from "@palma/core/domain"
import { Missing } from "../domain/errors.js"
import type { MasterTable } from "../master/MasterTableSql.js"
import { unknownFamily } from "../domain/messages.js"

interface ResolvedValue {
  readonly family_id: string
  readonly valueType_id: string
  readonly name: string
  readonly description: string
}

export const valueTable: MasterTable<Value, ValueInput, ResolvedValue> = {
  table: "value",
  label: "El valor",
  select: (sql) => sql`SELECT v.id, v.name, t.code AS valuetype_code, json_build_object('id', f.id, 'name', f.name) AS family,
      v.family_id, f.name AS family_name, v.value_type_id AS "valueType_id", t.name AS "valueType_name", v.description,
      v.is_active AS "isActive"
    FROM value v JOIN family f ON f.id = v.family_id JOIN value_type t ON t.id = v.value_type_id`,
  // The seed names the type by its code.
  resolve: (sql, input) =>
    sql<{ id: string }>`SELECT id FROM value_type WHERE code = ${input.valuetype_code} AND is_active`.pipe(
      Effect.orDie,
      Effect.flatMap(([row]) =>
        row ? Effect.succeed({ ...input, valueType_id: row.id }) : Effect.fail(new Missing({ message: "El tipo de valor indicado no existe o está inactivo" }))
      )
    ),
  columns: (input) => ({ family_id: input.family_id, value_type_id: input.valueType_id, name: input.name, description: input.description }),
  unique: ["family_id", "name"],
  uniqueMessage: "Ya existe un valor activo con ese nombre en la familia",
  references: [
    { table: "family", id: (input) => input.family_id, message: unknownFamily },
    { table: "value_type", id: (input) => input.valueType_id, message: "El tipo de valor indicado no existe o está inactivo" }
  ],
  sortable: ["name", "family_name", "valueType_name"],
  searchable: ["name", "family_name", "valueType_name", "description"]
}
