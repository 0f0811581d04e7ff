import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ApiFailure, type Assistance, type Call, type Family, type ProductInput, uf } from "@palma/core"
import { clientAs, demoTokens, statusOf } from "../support/api.js"
import { createChannel } from "../support/channels.js"
import { type RunningServer, startServer } from "../support/startServer.js"

let server: RunningServer
let admin: Call
let operador: Call
let adminToken: string
let hogar: Family
let mascotas: Family
let assistances: ReadonlyArray<Assistance>

beforeAll(async () => {
  server = await startServer()
  const tokens = await demoTokens(server.url)
  adminToken = tokens.admin
  admin = clientAs(server.url, tokens.admin)
  operador = clientAs(server.url, tokens.user)
  const families = await operador((c) => c.family.list({ urlParams: {} }))
  hogar = families.find((f) => f.name === "Hogar")!
  mascotas = families.find((f) => f.name === "Mascotas")!
  assistances = await operador((c) => c.assistance.getAll())
})
afterAll(() => server?.stop())

const UNKNOWN = "00000000-0000-4000-8000-000000000000"
const failure = (promise: Promise<unknown>) => promise.then(() => expect.fail("se esperaba un error"), (e: ApiFailure) => e)
const assistance = (name: string) => assistances.find((a) => a.name === name)!.id

const clpProduct = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  family_id: hogar.id,
  name: "Hogar Básico",
  cost: 12345,
  isSubject: true,
  frequency: "M",
  term: 12,
  beneficiaries: 2,
  currency: "P",
  dueDay: 5,
  minInsuredCompanyPrice: 9990,
  title: "Hogar Básico",
  subTitle: "Lo esencial",
  description: "Urgencias del hogar",
  territorialScope: "Región Metropolitana",
  hiringConditions: "Mayores de 18 años",
  assistances: [
    { assistance_id: assistance("Gasfitería"), amount: 150000, currency: "P", maximum: 50000, events: 3, lack: 30 },
    { assistance_id: assistance("Cerrajería"), amount: 80000, currency: "P", maximum: 40000, events: 2, lack: 0 }
  ],
  ...overrides
})

const ufProduct = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  ...clpProduct(),
  name: "Integral UF",
  title: "Integral UF",
  currency: "U",
  cost: uf("0.35"),
  minInsuredCompanyPrice: uf("0.2"),
  frequency: "A",
  term: 36,
  assistances: [
    { assistance_id: assistance("Telemedicina"), amount: uf("1.25"), currency: "U", maximum: uf("1.25"), events: 6, lack: 0 },
    { assistance_id: assistance("Urgencia veterinaria"), amount: uf("12345678.9"), currency: "U", maximum: uf("0.01"), events: 1, lack: 15 },
    { assistance_id: assistance("Grúa"), amount: 90000, currency: "P", maximum: 45000, events: 2, lack: 0 }
  ],
  ...overrides
})

/** Raw JSON, for bodies the typed client would refuse to send. */
const post = async (path: string, body: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify(body)
  })
  return { status: response.status, body: (await response.json()) as { _tag: string; message: string; issues: unknown[] } }
}

describe("product", () => {
  it("round-trips money exactly: CLP whole pesos, UF two-decimal texts, in the coverage order", async () => {
    const created = await admin((c) => c.product.create({ payload: ufProduct() }))
    expect(created).toMatchObject({ name: "Integral UF", currency: "U", cost: "0.35", minInsuredCompanyPrice: "0.20", frequency: "A", term: 36, isActive: true })
    expect(created.assistances).toEqual([
      { assistance_id: assistance("Telemedicina"), assistance_name: "Telemedicina", amount: "1.25", currency: "U", maximum: "1.25", events: 6, lack: 0 },
      { assistance_id: assistance("Urgencia veterinaria"), assistance_name: "Urgencia veterinaria", amount: "12345678.90", currency: "U", maximum: "0.01", events: 1, lack: 15 },
      { assistance_id: assistance("Grúa"), assistance_name: "Grúa", amount: 90000, currency: "P", maximum: 45000, events: 2, lack: 0 }
    ])
    expect(await operador((c) => c.product.getById({ path: { id: created.id } }))).toEqual(created)

    // On the wire: UF stays a string, CLP a JSON integer.
    const raw = (await (
      await fetch(`${server.url}/api/product/getById/${created.id}`, { headers: { authorization: `Bearer ${adminToken}` } })
    ).json()) as { cost: unknown; assistances: Array<{ amount: unknown }> }
    expect(raw.cost).toBe("0.35")
    expect(raw.assistances.map((a) => a.amount)).toEqual(["1.25", "12345678.90", 90000])

    const clp = await admin((c) => c.product.create({ payload: clpProduct() }))
    expect(clp).toMatchObject({ cost: 12345, minInsuredCompanyPrice: 9990, beneficiaries: 2, dueDay: 5, isSubject: true })
    expect(clp.assistances.map((a) => [a.assistance_name, a.amount, a.maximum])).toEqual([
      ["Gasfitería", 150000, 50000],
      ["Cerrajería", 80000, 40000]
    ])
  })

  it("is updated (coverage replaced, reordered) and deleted by deactivating", async () => {
    const created = await admin((c) => c.product.create({ payload: clpProduct({ name: "Para editar" }) }))
    const updated = await admin((c) =>
      c.product.update({
        path: { id: created.id },
        payload: clpProduct({
          name: "Editado",
          title: "Título nuevo",
          cost: 15990,
          assistances: [
            { assistance_id: assistance("Cerrajería"), amount: 1, currency: "P", maximum: 1, events: 1, lack: 0 },
            { assistance_id: assistance("Electricidad"), amount: 200000, currency: "P", maximum: 100000, events: 4, lack: 60 }
          ]
        })
      })
    )
    expect(updated).toMatchObject({ id: created.id, name: "Editado", title: "Título nuevo", cost: 15990 })
    expect(updated.assistances.map((a) => a.assistance_name)).toEqual(["Cerrajería", "Electricidad"])
    expect(await operador((c) => c.product.getById({ path: { id: created.id } }))).toEqual(updated)

    const deleted = await admin((c) => c.product.delete({ path: { id: created.id } }))
    expect(deleted.isActive).toBe(false)
    expect(await statusOf(operador((c) => c.product.getById({ path: { id: created.id } })))).toBe(404)
    expect((await operador((c) => c.product.getAll())).map((p) => p.id)).not.toContain(created.id)
    expect(await statusOf(admin((c) => c.product.update({ path: { id: created.id }, payload: clpProduct({ name: "Otra vez" }) })))).toBe(404)
  })

  it("lists all products and the families that have them (seeded demo products included)", async () => {
    const all = await operador((c) => c.product.getAll())
    const names = all.map((p) => p.name)
    expect(names).toEqual(expect.arrayContaining(["Asistencia Hogar", "Asistencia Mascota", "Asistencia Integral"]))
    const integral = all.find((p) => p.name === "Asistencia Integral")!
    expect(integral.currency).toBe("U")
    expect(new Set(integral.assistances.map((a) => assistances.find((x) => x.id === a.assistance_id)!.family_id)).size).toBeGreaterThan(1)
    expect(all.find((p) => p.name === "Asistencia Hogar")!.assistances.every((a) => typeof a.amount === "number")).toBe(true)
    const families = await operador((c) => c.product.getFamilies())
    expect(families.map((f) => f.name)).toEqual(expect.arrayContaining(["Hogar", "Mascotas"]))
  })

  it("refuses bad products: Spanish 400 on the field, 404 for unknown references, 409 for a duplicate name", async () => {
    const wrongCurrency = await post("/api/product/create", { ...clpProduct({ name: "Mal" }), currency: "U" })
    expect(wrongCurrency.status).toBe(400)
    expect(wrongCurrency.body.issues).toEqual(
      expect.arrayContaining([{ path: ["cost"], message: 'En UF el monto debe ser un texto como "1.25"' }])
    )
    const float = await post("/api/product/create", { ...clpProduct({ name: "Mal" }), cost: 12.5 })
    expect(float.body.issues).toEqual(expect.arrayContaining([{ path: ["cost"], message: "El monto en pesos debe ser un número entero" }]))
    const huge = await post("/api/product/create", { ...clpProduct({ name: "Mal" }), cost: 10_000_000_000 })
    expect(huge.status).toBe(400)
    expect(huge.body.issues).toEqual(expect.arrayContaining([{ path: ["cost"], message: "El monto es demasiado grande" }]))
    const threeDecimals = await post("/api/product/create", { ...ufProduct({ name: "Mal" }), cost: "1.255" })
    expect(threeDecimals.status).toBe(400)
    const events = await post("/api/product/create", {
      ...clpProduct({ name: "Mal" }),
      assistances: [{ assistance_id: assistance("Gasfitería"), amount: 1, currency: "P", maximum: 1, events: 1e9 }]
    })
    expect(events.status).toBe(400)

    expect(await failure(admin((c) => c.product.create({ payload: clpProduct({ family_id: UNKNOWN }) })))).toMatchObject({
      status: 404,
      message: "La familia indicada no existe o está inactiva"
    })
    const missing = clpProduct({ assistances: [{ assistance_id: UNKNOWN, amount: 1, currency: "P", maximum: 1, events: 1, lack: 0 }] })
    expect(await failure(admin((c) => c.product.create({ payload: missing })))).toMatchObject({
      status: 404,
      message: `El servicio ${UNKNOWN} no existe o está inactivo`
    })
    expect(await failure(admin((c) => c.product.create({ payload: clpProduct({ name: "asistencia hogar" }) })))).toMatchObject({
      status: 409,
      message: "Ya existe un producto activo con ese nombre"
    })
  })

  it("is read-only for an operador: 403 on every write", async () => {
    const [first] = await operador((c) => c.product.getAll())
    expect(await statusOf(operador((c) => c.product.create({ payload: clpProduct({ name: "Nuevo" }) })))).toBe(403)
    expect(await statusOf(operador((c) => c.product.update({ path: { id: first!.id }, payload: clpProduct() })))).toBe(403)
    expect(await statusOf(operador((c) => c.product.delete({ path: { id: first!.id } })))).toBe(403)
    const prices = { id: first!.id, agent_id: UNKNOWN, customerprice: 1, companyprice: 1, yearlyprice: 1 }
    expect(await statusOf(operador((c) => c.product.assignPrices({ payload: prices })))).toBe(403)
  })
})

describe("plans (needs POST /api/retail/create)", () => {
  it("assignPrices creates the plan once and then updates it, never duplicating", async () => {
    const channel = await createChannel(server.url, adminToken, "Banco Uno")
    const product = await admin((c) => c.product.create({ payload: clpProduct({ name: "Plan doble" }) }))
    const first = await admin((c) =>
      c.product.assignPrices({ payload: { id: product.id, agent_id: channel, customerprice: 4990, companyprice: 3990, yearlyprice: 49900 } })
    )
    expect(first).toMatchObject({
      product_id: product.id,
      product_name: "Plan doble",
      agent_id: channel,
      agent_name: "Banco Uno",
      currency: "P",
      customerPrice: 4990,
      companyPrice: 3990,
      yearlyPrice: 49900,
      isActive: true
    })
    const second = await admin((c) =>
      c.product.assignPrices({ payload: { id: product.id, agent_id: channel, customerprice: 5490, companyprice: 3990, yearlyprice: 54900 } })
    )
    expect(second.id).toBe(first.id)
    expect(second.customerPrice).toBe(5490)
    const sold = (await operador((c) => c.product.list({ path: { agent_id: channel } }))).filter((p) => p.id === product.id)
    expect(sold).toHaveLength(1)
    expect(sold[0]).toMatchObject({ productPlan_id: first.id, customerPrice: 5490, yearlyPrice: 54900, agent_name: "Banco Uno" })
  })

  it("removes a plan from a channel (deactivates it); a new assignment creates a fresh plan", async () => {
    const channel = await createChannel(server.url, adminToken, "Banco Quita")
    const product = await admin((c) => c.product.create({ payload: clpProduct({ name: "Plan retirable" }) }))
    const plan = await admin((c) =>
      c.product.assignPrices({ payload: { id: product.id, agent_id: channel, customerprice: 1000, companyprice: 900, yearlyprice: 10000 } })
    )
    expect(await statusOf(operador((c) => c.product.deletePlan({ path: { id: plan.id } })))).toBe(403)
    const removed = await admin((c) => c.product.deletePlan({ path: { id: plan.id } }))
    expect(removed.isActive).toBe(false)
    expect((await operador((c) => c.product.list({ path: { agent_id: channel } }))).map((p) => p.id)).not.toContain(product.id)
    expect(await statusOf(admin((c) => c.product.deletePlan({ path: { id: plan.id } })))).toBe(404)
    // The plan stays readable for what already points at it.
    expect((await operador((c) => c.product.getByProductPlanId({ path: { id: plan.id } }))).productPlan_id).toBe(plan.id)
    const again = await admin((c) =>
      c.product.assignPrices({ payload: { id: product.id, agent_id: channel, customerprice: 1100, companyprice: 900, yearlyprice: 11000 } })
    )
    expect(again.id).not.toBe(plan.id)
  })

  it("each channel sees its own prices; reads by product and channel, by family and by plan", async () => {
    const [uno, dos] = await Promise.all([
      createChannel(server.url, adminToken, "Tienda Uno"),
      createChannel(server.url, adminToken, "Tienda Dos")
    ])
    const product = await admin((c) => c.product.create({ payload: ufProduct({ name: "Integral por canal" }) }))
    const pet = (await operador((c) => c.product.getAll())).find((p) => p.name === "Asistencia Mascota")!
    const planUno = await admin((c) =>
      c.product.assignPrices({ payload: { id: product.id, agent_id: uno, customerprice: uf("0.5"), companyprice: uf("0.35"), yearlyprice: uf("5.5") } })
    )
    await admin((c) =>
      c.product.assignPrices({ payload: { id: product.id, agent_id: dos, customerprice: uf("0.45"), companyprice: uf("0.3"), yearlyprice: uf("5") } })
    )
    await admin((c) => c.product.assignPrices({ payload: { id: pet.id, agent_id: uno, customerprice: 3990, companyprice: 2990, yearlyprice: 39900 } }))

    const listUno = await operador((c) => c.product.list({ path: { agent_id: uno } }))
    expect(listUno.map((p) => [p.name, p.customerPrice]).sort()).toEqual([
      ["Asistencia Mascota", 3990],
      ["Integral por canal", "0.50"]
    ])
    const listDos = await operador((c) => c.product.list({ path: { agent_id: dos } }))
    expect(listDos.map((p) => [p.name, p.customerPrice, p.companyPrice, p.yearlyPrice])).toEqual([["Integral por canal", "0.45", "0.30", "5.00"]])
    expect(listDos[0]!.assistances).toEqual(product.assistances)

    const one = await operador((c) => c.product.get({ path: { id: product.id, agent_id: uno } }))
    expect(one).toMatchObject({ id: product.id, productPlan_id: planUno.id, customerPrice: "0.50", agent_name: "Tienda Uno" })
    expect(await operador((c) => c.product.getByProductPlanId({ path: { id: planUno.id } }))).toEqual(one)
    expect(await statusOf(operador((c) => c.product.get({ path: { id: pet.id, agent_id: dos } })))).toBe(404)

    const pets = await operador((c) => c.product.getByFamilyId({ path: { agent_id: uno, family_id: mascotas.id } }))
    expect(pets.map((p) => p.name)).toEqual(["Asistencia Mascota"])
    expect(await operador((c) => c.product.getByFamilyId({ path: { agent_id: dos, family_id: mascotas.id } }))).toEqual([])

    // A product's currency cannot change under its plans.
    expect(await failure(admin((c) => c.product.update({ path: { id: product.id }, payload: clpProduct({ name: "Integral por canal" }) })))).toMatchObject({
      status: 409,
      message: "No se puede cambiar la moneda de un producto con planes activos"
    })

    // A deleted product leaves the channel's list; its plan can still be read by id.
    await admin((c) => c.product.delete({ path: { id: product.id } }))
    expect((await operador((c) => c.product.list({ path: { agent_id: dos } }))).map((p) => p.name)).toEqual([])
    expect((await operador((c) => c.product.getByProductPlanId({ path: { id: planUno.id } }))).isActive).toBe(false)
  })

  it("refuses prices in another currency than the product's, and unknown products or channels", async () => {
    const channel = await createChannel(server.url, adminToken, "Corredora")
    const integral = (await operador((c) => c.product.getAll())).find((p) => p.name === "Asistencia Integral")!
    const wrong = await post("/api/product/assignPrices", { id: integral.id, agent_id: channel, customerprice: 500, companyprice: 400, yearlyprice: 5000 })
    expect(wrong.status).toBe(400)
    expect(wrong.body.issues).toEqual([
      { path: ["customerprice"], message: 'El producto es en UF: el precio debe ser un texto como "1.25"' },
      { path: ["companyprice"], message: 'El producto es en UF: el precio debe ser un texto como "1.25"' },
      { path: ["yearlyprice"], message: 'El producto es en UF: el precio debe ser un texto como "1.25"' }
    ])
    const mixed = await post("/api/product/assignPrices", { id: integral.id, agent_id: channel, customerprice: "0.5", companyprice: 400, yearlyprice: "5" })
    expect(mixed.status).toBe(400)
    expect(mixed.body.message).toContain("misma moneda")

    expect(await failure(admin((c) => c.product.assignPrices({ payload: { id: integral.id, agent_id: UNKNOWN, customerprice: uf("1"), companyprice: uf("1"), yearlyprice: uf("1") } })))).toMatchObject({
      status: 404,
      message: "El canal indicado no existe o está inactivo"
    })
    expect(await failure(admin((c) => c.product.assignPrices({ payload: { id: UNKNOWN, agent_id: channel, customerprice: 1, companyprice: 1, yearlyprice: 1 } })))).toMatchObject({
      status: 404,
      message: "El producto indicado no existe o está inactivo"
    })
    expect(await statusOf(operador((c) => c.product.list({ path: { agent_id: UNKNOWN } })))).toBe(404)
    expect(await statusOf(operador((c) => c.product.getByProductPlanId({ path: { id: UNKNOWN } })))).toBe(404)
  })
})
