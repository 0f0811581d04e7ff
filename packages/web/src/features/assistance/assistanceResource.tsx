import { type Assistance, AssistanceInput } from "@palma/core"
import { listedActors, type ResourceConfig, ResourcePage } from "../../kit"
import { AssistanceForm } from "./AssistanceForm"

const count = (n: number) => String(n)

/**
 * Servicios (assistances). The contract lists them whole (`getAll`), so the list searches,
 * filters and pages them here; the dialog edits an assistance with all its ordered parts.
 */
export const assistanceResource: ResourceConfig<Assistance, AssistanceInput> = {
  name: "assistance",
  actors: (call) =>
    listedActors<Assistance, AssistanceInput>(
      {
        all: () => call((c) => c.assistance.getAll()),
        create: (payload) => call((c) => c.assistance.create({ payload })),
        // The seed's updateById: the id goes in the body.
        update: (id, payload) => call((c) => c.assistance.updateById({ payload: { ...payload, id } })),
        remove: (id) => call((c) => c.assistance.deleteById({ path: { id } }))
      },
      { searchIn: (a) => [a.name, a.family_name, a.description], familyOf: (a) => a.family_id }
    ),
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
  familyFilter: true,
  form: AssistanceForm
}

export const AssistancePage = () => <ResourcePage config={assistanceResource} />
