import { type Stage, StageInput } from "@palma/core"
import { type ResourceConfig, ResourcePage } from "../../kit"

export const stageResource: ResourceConfig<Stage, StageInput> = {
  name: "stage",
  title: "Etapas",
  noun: { singular: "etapa", gender: "f" },
  input: StageInput,
  columns: [
    { key: "number", label: "N°", sortable: true, numeric: true },
    { key: "name", label: "Nombre", sortable: true },
    { key: "code", label: "Código", sortable: true, render: (s) => <code>{s.code}</code> }
  ],
  fields: [
    { name: "name", label: "Nombre", kind: "text" },
    { name: "number", label: "Número", kind: "number", optional: true, hint: "Orden de la etapa en el caso; vacío: al final" },
    {
      name: "code",
      label: "Código",
      kind: "text",
      optional: true,
      hint: "Minúsculas, números o _; vacío: se deriva del nombre. No cambia en las etapas del sistema"
    }
  ],
  defaultSort: "number"
}

export const StagePage = () => <ResourcePage config={stageResource} />
