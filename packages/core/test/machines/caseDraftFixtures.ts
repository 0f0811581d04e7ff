import type { KnownApplicant } from "../../src/domain/applicant.js"
import type { ServicesAndValues } from "../../src/domain/coverage.js"
import type { CaseDraftEvent } from "../../src/machines/caseDraft.js"

/** A titular with one plan, its services and the events that walk a draft to the coverage step. */
export const today = "2026-11-23"
export const person = {
  rut: "12.345.678-5",
  name: "Ana",
  paternalLastName: "Pérez",
  maternalLastName: "",
  birthDate: "",
  address: "",
  district: "",
  district_id: null,
  email: "",
  phone: ""
}
export const applicant = {
  type: "I",
  customer: { id: "c1", rut: "12.345.678-5", name: "Ana Pérez" },
  insured: { id: "i1", ...person },
  beneficiary: null,
  retails: [{ id: "r1", name: "Banco" }],
  products: [
    {
      id: "p1",
      name: "Hogar",
      agent_id: "r1",
      lead_id: "l1",
      productPlan_id: "pp1",
      retail_id: "r1",
      policy: { number: "100001", startDate: "2026-01-01", endDate: "2026-12-31" }
    }
  ]
} as unknown as KnownApplicant
export const services = (problems: ReadonlyArray<{ code: "lack"; message: string }>): ServicesAndValues =>
  ({
    insured_id: "i1",
    beneficiary_id: null,
    retail_id: "r1",
    customer_id: "c1",
    lead_id: "l1",
    product: { id: "p1", name: "Hogar" },
    assistances: [
      { id: "a1", name: "Gasfitería", assigned: { amount: 100000, currency: "P", maximum: 50000, events: 2, lack: 30 }, used: { events: 0, total_amount: 0 } }
    ],
    assistance: null,
    values: [{ id: "v1", name: "Patente", value: "", family_id: null, line_order: 1 }],
    eventDate: today,
    coverage: { problems, uf: null, assigned_clp: null }
  }) as unknown as ServicesAndValues

export const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as CaseDraftEvent
export const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as CaseDraftEvent

export const toCoverage = (problems: ReadonlyArray<{ code: "lack"; message: string }> = []) =>
  [
    { type: "LOOKUP", rut: "12.345.678-5", date: today },
    done("lookupApplicant", applicant),
    { type: "PICK_PRODUCT", lead_id: "l1" },
    done("loadServices", services([])),
    { type: "PICK_ASSISTANCE", assistance_id: "a1" },
    done("loadServices", services(problems))
  ] as ReadonlyArray<CaseDraftEvent>

/** A person nobody covers, as the operator registers them, and the plan they take. */
export const newcomerDetails = {
  name: "Camila",
  paternalLastName: "Reyes",
  maternalLastName: "",
  address: "",
  district: null,
  email: null,
  phone: null,
  birthDate: null
}
export const newcomerPlan = { retail_id: "r1", product_id: "p1", productPlan_id: "pp1" }
export const newcomerRecord = { ...person, id: "n1", name: "Camila", paternalLastName: "Reyes" }
