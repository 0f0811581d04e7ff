import { Schema } from "effect"
import { describe, expect, it } from "vitest"
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
