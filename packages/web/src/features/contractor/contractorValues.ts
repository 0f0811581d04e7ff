import type { ContractorFields, ContractorKind } from "@palma/core"
import { personLabels } from "../../lib/people/personLabels"
import { isoDate, personFieldKeys, type PersonValues, personValues } from "./PersonFields"

/** A contractor's form: a person's fields, plus a company's representative and line of business. */
export type ContractorValues = PersonValues & {
  type: ContractorKind
  legalRepresentative: string
  line: string
}

/** The form's keys a refusal's issue may name (`companyName` is the older client's `name`). */
const shownKeys: ReadonlyArray<string> = [...personFieldKeys, "legalRepresentative", "line", "type"]

// Module-level: the form's effects depend on it, so it must not change between renders.
export const contractorKeyOf = (path: ReadonlyArray<string | number>) => {
  const key = String(path[0] ?? "")
  return key === "companyName" ? "name" : shownKeys.includes(key) ? key : null
}

/** The body `create` and `update` take: a company has no surnames nor birth date, a person no representative nor line. */
export const contractorBodyOf = (v: ContractorValues) => ({
  type: v.type,
  rut: v.rut,
  name: v.name,
  legalRepresentative: v.type === "C" ? v.legalRepresentative : "",
  line: v.type === "C" ? v.line : "",
  paternalLastName: v.type === "P" ? v.paternalLastName : "",
  maternalLastName: v.type === "P" ? v.maternalLastName : "",
  birthDate: v.type === "P" ? isoDate(v.birthDate) : "",
  address: v.address,
  district: v.district,
  email: v.email,
  phone: v.phone
})

/** The form's values of a contractor as stored. */
export const storedContractorValues = (c: ContractorFields): ContractorValues => ({
  ...personValues(c),
  type: c.type,
  legalRepresentative: c.legalRepresentative,
  line: c.line
})

/** What the form calls each field, for the notice that lists what was typed after a 412. */
export const contractorLabels = { ...personLabels, legalRepresentative: "Representante legal", line: "Giro" } as const
