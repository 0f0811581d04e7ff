import { type Document, DocumentInput } from "@palma/core"
import { ResourcePage } from "../../kit"
import { familyScopedResource } from "./familyScoped"

export const documentResource = familyScopedResource<Document, DocumentInput>({
  name: "document",
  title: "Documentos",
  noun: { singular: "documento", gender: "m" },
  input: DocumentInput
})

export const DocumentPage = () => <ResourcePage config={documentResource} />
