import { type Assistance, AssistanceInput, assistanceActors } from "@palma/core"
import { type ResourceConfig, ResourcePage } from "../../kit"
import { familyPicker } from "../../lib/lookups/pickers"
import { AssistanceForm } from "./AssistanceForm"

const count = (n: number) => String(n)

/**
 * Servicios (assistances), paged, sorted and searched on the server (`GET /assistance/page`); the
 * dialog edits an assistance with all its ordered parts.
 */
export const assistanceResource: ResourceConfig<Assistance, AssistanceInput> = {
  name: "assistance",
  actors: assistanceActors,
  title: "Servicios",
  noun: { singular: "servicio", gender: "m" },
  input: AssistanceInput,
  columns: [
    { key: "name", label: "Nombre", sortable: true },
    { key: "family_name", label: "Familia", sortable: true },
    { key: "values", label: "Valores", sortable: true, numeric: true, render: (a) => count(a.values.length) },
    { key: "specialties", label: "Especialidades", sortable: true, numeric: true, render: (a) => count(a.specialties.length) },
    { key: "documents", label: "Documentos", sortable: true, numeric: true, render: (a) => count(a.documents.length) }
  ],
  fields: [],
  defaultSort: "name",
  familyFilter: familyPicker,
  form: AssistanceForm
}

export const AssistancePage = () => <ResourcePage config={assistanceResource} />
