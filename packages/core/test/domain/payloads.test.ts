import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CaseUpsertInput } from "../../src/domain/case.js"
import { CaseCommand } from "../../src/domain/caseCommand.js"
import { CaseEvent } from "../../src/domain/caseEvent.js"
import { FileFormatInput } from "../../src/domain/fileFormat.js"
import { LeadInput } from "../../src/domain/lead.js"
import { ProductInput } from "../../src/domain/product.js"
import { RetailInput } from "../../src/domain/retail.js"
import { SpecialistInput, canAttend } from "../../src/domain/specialist.js"
import { ids, issuesOf } from "./helpers.js"

const product = {
  family_id: ids.family,
  name: "Hogar Protegido",
  cost: "0.35",
  term: 12,
  beneficiaries: 3,
  currency: "U",
  dueDay: 5,
  minInsuredCompanyPrice: "0.2",
  assistances: [{ assistance_id: ids.assistance, amount: "3", currency: "U", maximum: "1.5", events: 3, lack: 30 }]
}

const person = { rut: "12.345.678-5", name: "Ana", paternalLastName: "Pérez" }

describe("payloads", () => {
  it("decode applies defaults and canonical forms, and encode round-trips", () => {
    const decoded = Schema.decodeUnknownSync(ProductInput)(product)
    expect(decoded.frequency).toBe("M")
    expect(decoded.isSubject).toBe(false)
    expect(decoded.cost).toBe("0.35")
    expect(decoded.minInsuredCompanyPrice).toBe("0.20")
    expect(decoded.title).toBe("")
    const encoded = Schema.encodeSync(ProductInput)(decoded)
    expect(Schema.decodeUnknownSync(ProductInput)(encoded)).toEqual(decoded)
  })

  it("drop unknown fields at any depth, never binding them (the original client posts whole state objects)", () => {
    expect(Schema.decodeUnknownSync(ProductInput)({ ...product, isActive: false })).not.toHaveProperty("isActive")
    const nested = Schema.decodeUnknownSync(ProductInput)({ ...product, assistances: [{ ...product.assistances[0], used: 1 }] })
    expect(nested.assistances[0]).not.toHaveProperty("used")
    const lead = Schema.decodeUnknownSync(LeadInput)({
      productPlan_id: ids.plan,
      insured: { ...person, user_id: "x" },
      policy: { number: "1", startDate: "2024-01-01", endDate: "2024-12-31" }
    })
    expect(lead.insured).not.toHaveProperty("user_id")
  })

  it("say in Spanish what is missing or wrong, on the field", () => {
    const { name: _name, ...noName } = product
    expect(issuesOf(ProductInput, noName)).toEqual([{ path: ["name"], message: "Este campo es obligatorio" }])
    expect(issuesOf(ProductInput, { ...product, term: 13 })).toEqual([{ path: ["term"], message: "Plazo inválido: 12, 24 o 36 meses" }])
    expect(issuesOf(ProductInput, { ...product, dueDay: 32 })).toEqual([{ path: ["dueDay"], message: "El día de pago debe ser un entero entre 1 y 31" }])
    // Amounts are read in the product's currency: 9900 is UF 9900, "9900.5" is no amount of pesos.
    expect(issuesOf(ProductInput, { ...product, cost: 9900 })).toEqual([])
    expect(issuesOf(ProductInput, { ...product, currency: "P", cost: "9900.5", minInsuredCompanyPrice: "9000" })).toEqual([
      { path: ["cost"], message: "En pesos el monto debe ser un número entero" }
    ])
    const overMax = { ...product, assistances: [{ ...product.assistances[0], maximum: "4" }] }
    expect(issuesOf(ProductInput, overMax)).toEqual([
      { path: ["assistances", 0, "maximum"], message: "El máximo por evento no puede superar el monto del período" }
    ])
  })

  it("normalize people: RUT canonical, blanks to null, 4-digit comunas padded", () => {
    const decoded = Schema.decodeUnknownSync(LeadInput)({
      productPlan_id: ids.plan,
      insured: { ...person, email: "  ", phone: null, district: "5101", birthDate: "1990-02-28" },
      beneficiaries: [],
      policy: { number: "P-1", startDate: "2024-01-01", endDate: "2024-12-31" }
    })
    expect(decoded.insured.rut).toBe("12345678-5")
    expect(decoded.insured.email).toBeNull()
    expect(decoded.insured.phone).toBeNull()
    expect(decoded.insured.district).toBe("05101")
    expect(decoded.contractor).toBeNull()
    expect(decoded.beneficiaries).toEqual([])
    expect(issuesOf(LeadInput, { productPlan_id: ids.plan, insured: { ...person, district: 5101 }, policy: decoded.policy })).toEqual([
      { path: ["insured", "district"], message: "Comuna inválida" }
    ])
  })

  it("keep the field's own message behind optional values", () => {
    expect(issuesOf(RetailInput, { rut: "76.086.428-5", name: "Banco", email: "no-es-correo" })).toEqual([
      { path: ["email"], message: "Correo electrónico inválido" }
    ])
    expect(issuesOf(RetailInput, { rut: "12.345.678-9", name: "Banco" })).toEqual([
      { path: ["rut"], message: "RUT inválido: revise el número y el dígito verificador" }
    ])
  })

  it("check cross-field rules", () => {
    const policy = { number: "P-1", startDate: "2024-06-01", endDate: "2024-01-01" }
    expect(issuesOf(LeadInput, { productPlan_id: ids.plan, insured: person, policy })).toEqual([
      { path: ["policy", "endDate"], message: "La fecha de término no puede ser anterior a la de inicio" }
    ])
    const twice = {
      productPlan_id: ids.plan,
      insured: person,
      beneficiaries: [{ ...person, rut: "12345678-5", relationship_id: ids.relationship }],
      policy: { ...policy, startDate: "2024-01-01", endDate: "2024-12-31" }
    }
    expect(issuesOf(LeadInput, twice)).toEqual([{ path: ["beneficiaries"], message: "Una misma persona aparece más de una vez (titular o cargas)" }])
    expect(
      issuesOf(FileFormatInput, {
        productPlan_id: ids.plan,
        fields: [
          { field_id: "rut", header: "RUT" },
          { field_id: "name", header: "rut " }
        ]
      })
    ).toEqual([
      { path: ["fields"], message: "Hay encabezados repetidos" },
      { path: ["fields"], message: 'Falta la columna obligatoria "paternalLastName"' }
    ])
    expect(issuesOf(SpecialistInput, { ...person, specialties: [ids.specialty] })).toEqual([
      { path: ["districts"], message: "Indique al menos una comuna o marque atención remota" }
    ])
  })

  it("case upsert needs the version it read when updating", () => {
    const body = {
      applicant: { type: "I", ...person },
      lead_id: ids.lead,
      insured_id: ids.insured,
      assistance_id: ids.assistance,
      event: { date: "2024-05-02", district: "13101", description: "Filtración en el baño" }
    }
    expect(Schema.decodeUnknownSync(CaseUpsertInput)(body).procedure_id).toBeNull()
    expect(issuesOf(CaseUpsertInput, { ...body, id: ids.case })).toEqual([{ path: ["version"], message: "Indique la versión leída del caso" }])
    expect(issuesOf(CaseUpsertInput, { ...body, applicant: { ...body.applicant, type: "B" } })).toEqual([
      { path: ["beneficiary_id"], message: "Indique la carga que solicita" }
    ])
    // The acting user comes from the token: a body's user_id is dropped.
    expect(Schema.decodeUnknownSync(CaseUpsertInput)({ ...body, user_id: "someone-else" })).not.toHaveProperty("user_id")
  })
})

describe("case commands and events", () => {
  it("decode a command by its type and reject what it does not carry", () => {
    const cmd = Schema.decodeUnknownSync(CaseCommand)({ type: "refundRequested", version: 4, payload: { amount: 25000 } })
    expect(cmd).toEqual({ type: "refundRequested", version: 4, payload: { amount: 25000, description: "" } })
    expect(issuesOf(CaseCommand, { type: "refundRequested", version: 4, payload: { amount: 0 } })).toEqual([
      { path: ["payload", "amount"], message: "El monto debe ser mayor que cero" }
    ])
    expect(Schema.decodeUnknownSync(CaseCommand)({ type: "closed", version: 4, payload: { description: "Listo", status: "x" } }).payload).not.toHaveProperty(
      "status"
    )
    expect(issuesOf(CaseCommand, { type: "deleted", version: 1, payload: {} })).toEqual([{ path: ["type"], message: "Valor inválido" }])
  })

  it("round-trip events through the wire", () => {
    const events: ReadonlyArray<unknown> = [
      {
        case_id: ids.case,
        version: 1,
        type: "opened",
        payload: { number: 1042, date: "2024-05-02", time: "09:15" },
        user_id: "user_1",
        at: "2024-05-02T13:15:00.000Z"
      },
      {
        case_id: ids.case,
        version: 2,
        type: "specialistAssigned",
        payload: {
          specialist: {
            specialist_id: ids.specialist,
            scheduledDate: "2024-05-03",
            scheduledTime: "10:00",
            confirmed: true,
            completed: false,
            qualification_id: null
          }
        },
        user_id: "user_1",
        at: "2024-05-02T13:20:00.000Z"
      },
      {
        case_id: ids.case,
        version: 3,
        type: "refundRequested",
        payload: { amount: 45000, description: "" },
        user_id: "user_2",
        at: "2024-05-03T10:00:00-04:00"
      }
    ]
    for (const e of events) {
      const decoded = Schema.decodeUnknownSync(CaseEvent)(e)
      expect(Schema.encodeSync(CaseEvent)(decoded)).toEqual(e)
    }
    expect(() => Schema.decodeUnknownSync(CaseEvent)({ ...(events[0] as object), type: "stageMoved" })).toThrow()
  })
})

describe("canAttend", () => {
  const s = { specialties: [ids.specialty], districts: ["13101"], isRemote: false, isActive: true }
  it("needs a matching specialty and the comuna served, unless remote", () => {
    expect(canAttend(s, { specialties: [ids.specialty], district: "13101" })).toBe(true)
    expect(canAttend(s, { specialties: [ids.specialty], district: "13102" })).toBe(false)
    expect(canAttend({ ...s, isRemote: true }, { specialties: [ids.specialty], district: "13102" })).toBe(true)
    expect(canAttend(s, { specialties: [ids.assistance], district: "13101" })).toBe(false)
    expect(canAttend({ ...s, isActive: false }, { specialties: [ids.specialty], district: "13101" })).toBe(false)
  })
})
