import type { ContractorKind } from "@palma/core"

export const contractorListPath = "/entities/contractor"
export const newContractorPath = `${contractorListPath}/new`
export const contractorPath = (id: string) => `${contractorListPath}/${id}`

export const kindLabel: Record<ContractorKind, string> = { P: "Persona", C: "Empresa" }
