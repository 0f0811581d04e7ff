import { type ValueType, ValueTypeInput } from "@palma/core"
import { type ResourceConfig, ResourcePage } from "../../kit"

export const valueTypeResource: ResourceConfig<ValueType, ValueTypeInput> = {
  name: "valueType",
  title: "Tipos de valor",
  noun: { singular: "tipo de valor", gender: "m" },
  input: ValueTypeInput,
  columns: [
    { key: "code", label: "Código", sortable: true },
    { key: "name", label: "Nombre", sortable: true },
    { key: "description", label: "Descripción" }
  ],
  fields: [
    { name: "code", label: "Código", kind: "letter", hint: "Una letra: D fecha, S texto corto, C texto largo, N número" },
    { name: "name", label: "Nombre", kind: "text" },
    { name: "description", label: "Descripción", kind: "textarea", optional: true }
  ],
  defaultSort: "code"
}

export const ValueTypePage = () => <ResourcePage config={valueTypeResource} />
