import { type Family, FamilyInput } from "@palma/core"
import { type ResourceConfig, ResourcePage } from "../../kit"

export const familyResource: ResourceConfig<Family, FamilyInput> = {
  name: "family",
  title: "Familias",
  noun: { singular: "familia", gender: "f" },
  input: FamilyInput,
  columns: [{ key: "name", label: "Nombre", sortable: true }],
  fields: [{ name: "name", label: "Nombre", kind: "text" }],
  defaultSort: "name"
}

export const FamilyPage = () => <ResourcePage config={familyResource} />
