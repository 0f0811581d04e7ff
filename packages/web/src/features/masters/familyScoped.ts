import type { Document, DocumentInput, Specialty, SpecialtyInput } from "@palma/core"
import type { ResourceConfig } from "../../kit"
import { familyPicker } from "../../lib/lookups/pickers"

/** Specialties and documents are the same screen: a named, described item of a family. */
export const familyScopedResource = <A extends Specialty | Document, I extends SpecialtyInput | DocumentInput>(
  config: { readonly name: "specialty" | "document" } & Pick<ResourceConfig<A, I>, "title" | "noun" | "input">
): ResourceConfig<A, I> => ({
  ...config,
  actors: undefined,
  columns: [
    { key: "name", label: "Nombre", sortable: true },
    { key: "family_name", label: "Familia", sortable: true },
    { key: "description", label: "Descripción" }
  ],
  fields: [
    { name: "family_id", label: "Familia", kind: "select", picker: familyPicker },
    { name: "name", label: "Nombre", kind: "text" },
    { name: "description", label: "Descripción", kind: "textarea", optional: true }
  ],
  defaultSort: "name",
  familyFilter: familyPicker
})
