import { type ContractorKind, type ContractorListed, type ContractorQuery, findContractors } from "@palma/core"
import { fromPromise } from "xstate"
import type { Column } from "../output/cells.js"
import { type Resource, defineResource } from "./resource.js"

/** The contractor list's filters, as `palma list` collects them (already checked). */
export interface ContractorFilters {
  readonly contractorType?: ContractorKind
  readonly rut?: string
  readonly nameLike?: string
  /** Only those with a policy in force. */
  readonly inForce?: boolean
}

const kindLabel: Record<ContractorKind, string> = { P: "Persona", C: "Empresa" }

const columns: ReadonlyArray<Column<ContractorListed>> = [
  { header: "ID", kind: "text", value: (row) => row.id },
  { header: "Tipo", kind: "text", value: (row) => kindLabel[row.type] },
  { header: "RUT", kind: "rut", value: (row) => row.rut },
  { header: "Nombre", kind: "text", value: (row) => row.name },
  { header: "Comuna", kind: "text", value: (row) => row.district },
  { header: "Teléfono", kind: "text", value: (row) => row.phone },
  { header: "Correo", kind: "text", value: (row) => row.email },
  { header: "Pólizas vigentes", kind: "number", value: (row) => Number(row.quantity) }
]

/** Contractors (who pay), every match of `contractor/getAll` with the filters given. */
export const contractor: Resource = defineResource<ContractorListed>({
  name: "contractor",
  familyScoped: false,
  filters: ["contractorType", "rut", "nameLike", "inForce"],
  columns,
  actors: (call, query) => {
    const given = query.contractors ?? {}
    const criteria: ContractorQuery = {
      type: given.contractorType ?? "",
      rut: given.rut ?? "",
      name: given.nameLike ?? "",
      active: given.inForce ?? false,
      page: 1
    }
    return { list: fromPromise(() => findContractors(call, criteria, null)) }
  }
})
