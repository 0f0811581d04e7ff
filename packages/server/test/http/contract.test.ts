import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Call, formatAmount, type Product, type ProductInput, uf } from "@palma/core"
import { clientAs, demoTokens, statusOf } from "../support/api.js"
import { createRetail } from "../support/retails.js"
import { readPdf } from "../support/pdfText.js"
import { type RunningServer, startServer } from "../support/startServer.js"

let server: RunningServer
let admin: Call
let operador: Call
let adminToken: string

beforeAll(async () => {
  server = await startServer()
  const tokens = await demoTokens(server.url)
  adminToken = tokens.admin
  admin = clientAs(server.url, tokens.admin)
  operador = clientAs(server.url, tokens.user)
})
afterAll(() => server?.stop())

const contractOf = async (planId: string) => {
  const { base64 } = await operador((c) => c.product.getContract({ path: { productPlan_id: planId } }))
  return { base64, ...(await readPdf(Buffer.from(base64, "base64"))) }
}

/** pdfkit may break a long line anywhere between words: compare text with whitespace collapsed. */
const flat = (text: string) => text.replace(/\s+/g, " ")

const inputOf = (product: Product, overrides: Partial<ProductInput>): ProductInput => ({
  family_id: product.family_id,
  name: product.name,
  cost: product.cost,
  dynamiccharge: product.dynamiccharge,
  isSubject: product.isSubject,
  frequency: product.frequency,
  term: product.term,
  beneficiaries: product.beneficiaries,
  currency: product.currency,
  dueDay: product.dueDay,
  minInsuredCompanyPrice: product.minInsuredCompanyPrice,
  title: product.title,
  subTitle: product.subTitle,
  alias: product.alias,
  promotional: product.promotional,
  description: product.description,
  territorialScope: product.territorialScope,
  hiringConditions: product.hiringConditions,
  assistances: product.assistances.map(({ id, amount, currency, maximum, events, lack }) => ({ id, amount, currency, maximum, events, lack })),
  ...overrides
})

describe("contract (needs POST /api/retail/create)", () => {
  it("is a PDF in Spanish with the title, every service, the amounts in their currency, the price and the channel", async () => {
    const channel = await createRetail(server.url, adminToken, "Banco Ñuñoa")
    const integral = (await operador((c) => c.product.getAll())).find((p) => p.name === "Asistencia Integral")!
    const plan = await admin((c) =>
      c.product.assignPrices({ payload: { id: integral.id, agent_id: channel, customerprice: uf("1.25"), companyprice: uf("0.9"), yearlyprice: uf("14") } })
    )
    const { pages, text } = await contractOf(plan.id)
    expect(pages).toBeGreaterThanOrEqual(1)
    const all = flat(text)
    expect(all).toContain(integral.title)
    for (const a of integral.assistances) expect(all).toContain(a.assistance_name)
    expect(integral.assistances.length).toBeGreaterThanOrEqual(3)
    expect(all).toContain("Banco Ñuñoa")
    expect(all).toContain("UF 1,25 (mensual)")
    expect(all).toContain("UF 4,00")
    // Integral allows cargas: the contract says what each one costs.
    expect(integral.beneficiaries).toBeGreaterThan(0)
    expect(all).toContain(`Costo por carga: ${formatAmount(integral.dynamiccharge)}`)
    for (const label of ["Coberturas", "Ámbito territorial", "Condiciones de contratación", "Carencia", "Máximo por evento"]) expect(all).toContain(label)
    expect(all).toContain(flat(integral.territorialScope))

    const { success: _, data: __, ...planOnly } = plan
    const data = await operador((c) => c.product.getContractData({ path: { productPlan_id: plan.id } }))
    expect(data.plan).toEqual(planOnly)
    const { product_plans: ___, ...product } = integral
    expect(data.product).toEqual(product)
  })

  it("formats pesos as es-CL ($12.345) and is cached until the product or the plan changes", async () => {
    const channel = await createRetail(server.url, adminToken, "Retail Centro")
    const hogar = (await operador((c) => c.product.getAll())).find((p) => p.name === "Asistencia Hogar")!
    const plan = await admin((c) =>
      c.product.assignPrices({ payload: { id: hogar.id, agent_id: channel, customerprice: 12345, companyprice: 9990, yearlyprice: 123450 } })
    )
    const first = await contractOf(plan.id)
    expect(flat(first.text)).toContain("$12.345 (mensual)")
    expect(flat(first.text)).toContain("$150.000")
    // Same inputs: the stored bytes, not a new drawing (pdfkit stamps the creation time).
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await contractOf(plan.id)).base64).toBe(first.base64)

    await admin((c) => c.product.update({ path: { id: hogar.id }, payload: inputOf(hogar, { title: "Hogar Protegido Plus" }) }))
    const retitled = await contractOf(plan.id)
    expect(retitled.base64).not.toBe(first.base64)
    expect(flat(retitled.text)).toContain("Hogar Protegido Plus")

    await admin((c) => c.product.assignPrices({ payload: { id: hogar.id, agent_id: channel, customerprice: 15990, companyprice: 9990, yearlyprice: 159900 } }))
    const repriced = flat((await contractOf(plan.id)).text)
    expect(repriced).toContain("$15.990 (mensual)")
    expect(repriced).not.toContain("$12.345")
  })

  it("answers 404 for an unknown plan; staff may read, no token may not", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000"
    expect(await statusOf(operador((c) => c.product.getContract({ path: { productPlan_id: unknown } })))).toBe(404)
    expect(await statusOf(operador((c) => c.product.getContractData({ path: { productPlan_id: unknown } })))).toBe(404)
    expect(await statusOf(clientAs(server.url)((c) => c.product.getContract({ path: { productPlan_id: unknown } })))).toBe(401)
  })
})
