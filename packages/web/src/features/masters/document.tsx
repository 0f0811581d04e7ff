import { type Document, DocumentInput } from "@palma/core"
import { type ResourceConfig, ResourcePage } from "../../kit"

export const documentResource: ResourceConfig<Document, DocumentInput> = {
  name: "document",
  title: "Documentos",
  noun: { singular: "documento", gender: "m" },
  input: DocumentInput,
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

export const DocumentPage = () => <ResourcePage config={documentResource} />
