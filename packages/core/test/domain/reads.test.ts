import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { ApplicantLookup } from "../../src/domain/applicant.js"
import { Dashboard, Statistics, statisticsMonth } from "../../src/domain/caseDashboard.js"
import { Lead } from "../../src/domain/lead.js"
import { Product } from "../../src/domain/product.js"
import { ids } from "./helpers.js"

const person = {
  rut: "12345678-5",
  name: "Ana",
  paternalLastName: "Pérez",
  maternalLastName: "",
  birthDate: null,
  address: "",
  district: "13101",
  email: null,
  phone: "+56 9 1234 5678"
}
const insured = { id: ids.insured, type: "I", lead_id: ids.lead, ...person, isActive: true }
const lead = {
  id: ids.lead,
  productPlan_id: ids.plan,
  product_id: ids.assistance2,
  product_name: "Hogar Protegido",
  retail_id: ids.family,
  retail_name: "Banco",
  contractor: null,
  insured,
  beneficiaries: [],
  policy: { number: "P-1", startDate: "2024-01-01", endDate: "2024-12-31" },
  isActive: true,
  createdAt: "2024-01-01T12:00:00.000Z"
}

const roundTrip = <A, I>(schema: Schema.Schema<A, I>, wire: unknown) => expect(Schema.encodeSync(schema)(Schema.decodeUnknownSync(schema)(wire))).toEqual(wire)

describe("read schemas round-trip what the API sends", () => {
  it("product with UF coverage", () => {
    roundTrip(Product, {
      id: ids.assistance2,
      family_id: ids.family,
      family_name: "Hogar",
      name: "Hogar Protegido",
      cost: "0.35",
      dynamiccharge: "0.10",
      isSubject: true,
      frequency: "M",
      term: 12,
      beneficiaries: 3,
      currency: "U",
      dueDay: 5,
      minInsuredCompanyPrice: "0.20",
      title: "",
      subTitle: "",
      alias: "Banco",
      promotional: "",
      description: "",
      territorialScope: "Todo Chile",
      hiringConditions: "",
      assistances: [
        {
          id: ids.assistance,
          name: "Gasfitería",
          section: "Hogar",
          assistance_id: ids.assistance,
          assistance_name: "Gasfitería",
          amount: "3.00",
          currency: "U",
          maximum: "1.50",
          events: 3,
          lack: 30
        }
      ],
      isActive: true
    })
  })

  it("lead and applicant lookup", () => {
    roundTrip(Lead, lead)
    const record = {
      id: ids.insured,
      rut: "12.345.678-5",
      name: "Ana",
      paternalLastName: "Pérez",
      maternalLastName: "",
      address: "",
      district: "Santiago",
      district_id: "13101",
      email: "",
      phone: "+56 9 1234 5678",
      birthDate: ""
    }
    roundTrip(ApplicantLookup, {
      type: "I",
      customer: { id: ids.insured, rut: "12.345.678-5", name: "Ana Pérez" },
      insured: record,
      beneficiary: null,
      retails: [{ id: ids.family, name: "Banco" }],
      products: [
        {
          id: ids.assistance2,
          name: "Hogar Protegido",
          agent_id: ids.family,
          lead_id: ids.lead,
          productPlan_id: ids.plan,
          retail_id: ids.family,
          policy: { number: "100001", startDate: "2024-01-01", endDate: "2024-12-31" }
        }
      ]
    })
    roundTrip(ApplicantLookup, { type: "C" })
    expect(Schema.encodeSync(ApplicantLookup)({ type: "C" })).toEqual({ type: "C" })
  })

  it("dashboard and the original's statistics", () => {
    roundTrip(Dashboard, {
      totals: { cases: 3, open: 1, closed: 2, reimbursedAmount: 90000, imedAmount: 12000 },
      months: [{ month: "2024-05", opened: 3, closed: 2, refunds: 1, refundAmount: 90000, imedDiscounts: 1, imedAmount: 12000 }],
      byStage: [{ id: "s1", code: "close", name: "Caso cerrado", cases: 2 }],
      byRetail: [{ id: null, name: "Sin canal", cases: 3 }],
      byProcedure: [{ id: null, code: "refund", name: "Reembolso", cases: 1 }],
      timeToClose: { closed: 2, medianDays: 1.1, p90Days: 3.5 }
    })
    roundTrip(Statistics, {
      monthlyCases: [{ monthYear: "Ene, 2024", cases: 3, activeCases: 1, inactiveCases: 2 }],
      casesReimbursment: [{ monthYear: "Ene, 2024", totalReimbursments: 1, totalReimbursmentsAmount: 90000 }],
      totalCases: [{ totalCases: 3, totalInactiveCases: 2, totalActiveCases: 1 }]
    })
    expect(statisticsMonth("2024-01")).toBe("Ene, 2024")
    expect(statisticsMonth("2023-12")).toBe("Dic, 2023")
  })
})
