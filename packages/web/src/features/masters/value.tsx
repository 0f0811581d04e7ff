import { type Value, ValueInput } from "@palma/core"
import { type ResourceConfig, ResourcePage } from "../../kit"
import { familyPicker, valueTypePicker } from "../../lib/lookups/pickers"

export const valueResource: ResourceConfig<Value, ValueInput> = {
  name: "value",
  title: "Valores",
  noun: { singular: "valor", gender: "m" },
  input: ValueInput,
  columns: [
    { key: "name", label: "Nombre", sortable: true },
    { key: "family_name", label: "Familia", sortable: true },
    { key: "valueType_name", label: "Tipo", sortable: true, render: (v) => `${v.valuetype_code} · ${v.valueType_name}` },
    { key: "description", label: "Descripción" }
  ],
  fields: [
    { name: "family_id", label: "Familia", kind: "select", picker: familyPicker },
    { name: "valuetype_code", label: "Tipo de valor", kind: "select", picker: valueTypePicker },
    { name: "name", label: "Nombre", kind: "text" },
    { name: "description", label: "Descripción", kind: "textarea", optional: true }
  ],
  defaultSort: "name",
  familyFilter: familyPicker
}

export const ValuePage = () => <ResourcePage config={valueResource} />
