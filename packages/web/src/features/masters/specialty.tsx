import { type Specialty, SpecialtyInput } from "@palma/core"
import { type ResourceConfig, ResourcePage } from "../../kit"

export const specialtyResource: ResourceConfig<Specialty, SpecialtyInput> = {
  name: "specialty",
  title: "Especialidades",
  noun: { singular: "especialidad", gender: "f" },
  input: SpecialtyInput,
  columns: [
    { key: "name", label: "Nombre", sortable: true },
    { key: "family_name", label: "Familia", sortable: true },
    { key: "description", label: "Descripción" }
  ],
  fields: [
    { name: "family_id", label: "Familia", kind: "family" },
    { name: "name", label: "Nombre", kind: "text" },
    { name: "description", label: "Descripción", kind: "textarea", optional: true }
  ],
  defaultSort: "name",
  familyFilter: true
}

export const SpecialtyPage = () => <ResourcePage config={specialtyResource} />
