import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ApiFailure, type Assistance, type Call, type Family, type ProductInput, Rut, uf } from "@palma/core"
import { looksSpanish, send } from "../security/http.js"
import { clientAs, demoTokens, statusOf } from "../support/api.js"
import { createRetail, freshRut } from "../support/retails.js"
import { type RunningServer, startServer } from "../support/startServer.js"

let server: RunningServer
let admin: Call
let operador: Call
let adminToken: string
let operadorToken: string
let hogar: Family
let mascotas: Family
let assistances: ReadonlyArray<Assistance>

beforeAll(async () => {
  server = await startServer()
  const tokens = await demoTokens(server.url)
  adminToken = tokens.admin
  operadorToken = tokens.user
  admin = clientAs(server.url, tokens.admin)
  operador = clientAs(server.url, tokens.user)
  const families = await operador((c) => c.family.list({ urlParams: {} }))
  hogar = families.find((f) => f.name === "Hogar")!
  mascotas = families.find((f) => f.name === "Mascotas")!
  assistances = await operador((c) => c.assistance.getAll())
})
afterAll(() => server?.stop())

const UNKNOWN = "00000000-0000-4000-8000-000000000000"
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("se esperaba un error"),
    (e: ApiFailure) => e
  )
const assistance = (name: string) => assistances.find((a) => a.name === name)!.id

const clpProduct = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  family_id: hogar.id,
  name: "Hogar Básico",
  cost: 12345,
  dynamiccharge: 2990,
  isSubject: true,
  frequency: "M",
  term: 12,
  beneficiaries: 2,
  currency: "P",
  dueDay: 5,
  minInsuredCompanyPrice: 9990,
  title: "Hogar Básico",
  subTitle: "Lo esencial",
  alias: "Alianza Hogar",
  promotional: "Tu casa cubierta desde el primer mes",
  description: "Urgencias del hogar",
  territorialScope: "Región Metropolitana",
  hiringConditions: "Mayores de 18 años",
  assistances: [
    { id: assistance("Gasfitería"), amount: 150000, currency: "P", maximum: 50000, events: 3, lack: 30 },
    { id: assistance("Cerrajería"), amount: 80000, currency: "P", maximum: 40000, events: 2, lack: 0 }
  ],
  ...overrides
})

const ufProduct = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  ...clpProduct(),
  name: "Integral UF",
  title: "Integral UF",
  currency: "U",
  cost: uf("0.35"),
  dynamiccharge: uf("0.1"),
  minInsuredCompanyPrice: uf("0.2"),
  frequency: "A",
  term: 36,
  assistances: [
    { id: assistance("Telemedicina"), amount: uf("1.25"), currency: "U", maximum: uf("1.25"), events: 6, lack: 0 },
    { id: assistance("Urgencia veterinaria"), amount: uf("12345678.9"), currency: "U", maximum: uf("0.01"), events: 1, lack: 15 },
    { id: assistance("Grúa"), amount: 90000, currency: "P", maximum: 45000, events: 2, lack: 0 }
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

/** What a retail sells: `product/list` offers every active product, with a plan where it sells it. */
const soldBy = async (retailId: string) => (await operador((c) => c.product.list({ path: { agent_id: retailId } }))).filter((p) => p.productPlan_id !== null)

describe("product", () => {
  it("round-trips money exactly: CLP whole pesos, UF two-decimal texts, in the coverage order", async () => {
    const created = await admin((c) => c.product.create({ payload: ufProduct() }))
    expect(created).toMatchObject({
      name: "Integral UF",
      currency: "U",
      cost: "0.35",
      dynamiccharge: "0.10",
      minInsuredCompanyPrice: "0.20",
      frequency: "A",
      term: 36,
      alias: "Alianza Hogar",
      isActive: true
    })
    const line = (name: string, section: string) => ({ id: assistance(name), name, section, assistance_id: assistance(name), assistance_name: name })
    expect(created.assistances).toEqual([
      { ...line("Telemedicina", "Salud"), amount: "1.25", currency: "U", maximum: "1.25", events: 6, lack: 0 },
      { ...line("Urgencia veterinaria", "Mascotas"), amount: "12345678.90", currency: "U", maximum: "0.01", events: 1, lack: 15 },
      { ...line("Grúa", "Vehicular"), amount: 90000, currency: "P", maximum: 45000, events: 2, lack: 0 }
    ])
    expect(await operador((c) => c.product.getById({ path: { id: created.id } }))).toEqual(created)

    // On the wire: UF stays a string, CLP a JSON integer.
    const raw = (await (await fetch(`${server.url}/api/product/getById/${created.id}`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as {
      cost: unknown
      assistances: Array<{ amount: unknown }>
    }
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
            { id: assistance("Cerrajería"), amount: 1, currency: "P", maximum: 1, events: 1, lack: 0 },
            { id: assistance("Electricidad"), amount: 200000, currency: "P", maximum: 100000, events: 4, lack: 60 }
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
    // Pesos are whole: "10000.5" cannot be read in a peso product, whatever it is written as.
    const wrongCurrency = await post("/api/product/create", { ...clpProduct({ name: "Mal" }), cost: "12345.5" })
    expect(wrongCurrency.status).toBe(400)
    expect(wrongCurrency.body.issues).toEqual([{ path: ["cost"], message: "En pesos el monto debe ser un número entero" }])
    const float = await post("/api/product/create", { ...clpProduct({ name: "Mal" }), cost: 12.5 })
    expect(float.body.issues).toEqual(expect.arrayContaining([{ path: ["cost"], message: "El monto en pesos debe ser un número entero" }]))
    const huge = await post("/api/product/create", { ...clpProduct({ name: "Mal" }), cost: 10_000_000_000 })
    expect(huge.status).toBe(400)
    expect(huge.body.issues).toEqual(expect.arrayContaining([{ path: ["cost"], message: "El monto es demasiado grande" }]))
    const threeDecimals = await post("/api/product/create", { ...ufProduct({ name: "Mal" }), cost: "1.255" })
    expect(threeDecimals.status).toBe(400)
    const events = await post("/api/product/create", {
      ...clpProduct({ name: "Mal" }),
      assistances: [{ id: assistance("Gasfitería"), amount: 1, currency: "P", maximum: 1, events: 1e9 }]
    })
    expect(events.status).toBe(400)

    expect(await failure(admin((c) => c.product.create({ payload: clpProduct({ family_id: UNKNOWN }) })))).toMatchObject({
      status: 404,
      message: "La familia indicada no existe o está inactiva"
    })
    const missing = clpProduct({ assistances: [{ id: UNKNOWN, amount: 1, currency: "P", maximum: 1, events: 1, lack: 0 }] })
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
    const retailId = await createRetail(server.url, adminToken, "Banco Uno")
    const product = await admin((c) => c.product.create({ payload: clpProduct({ name: "Plan doble", minInsuredCompanyPrice: 3990 }) }))
    const first = await admin((c) =>
      c.product.assignPrices({ payload: { id: product.id, agent_id: retailId, customerprice: 4990, companyprice: 3990, yearlyprice: 49900 } })
    )
    expect(first).toMatchObject({
      product_id: product.id,
      product_name: "Plan doble",
      agent_id: retailId,
      agent_name: "Banco Uno",
      currency: "P",
      customerPrice: 4990,
      companyPrice: 3990,
      yearlyPrice: 49900,
      isActive: true
    })
    const second = await admin((c) =>
      c.product.assignPrices({ payload: { id: product.id, agent_id: retailId, customerprice: 5490, companyprice: 3990, yearlyprice: 54900 } })
    )
    expect(second.id).toBe(first.id)
    expect(second.customerPrice).toBe(5490)
    const sold = (await soldBy(retailId)).filter((p) => p.id === product.id)
    expect(sold).toHaveLength(1)
    expect(sold[0]).toMatchObject({ productPlan_id: first.id, customerPrice: 5490, yearlyPrice: 54900, agent_name: "Banco Uno" })
  })

  it("removes a plan from a retail (deactivates it); a new assignment creates a fresh plan", async () => {
    const retailId = await createRetail(server.url, adminToken, "Banco Quita")
    const product = await admin((c) => c.product.create({ payload: clpProduct({ name: "Plan retirable", minInsuredCompanyPrice: 900 }) }))
    const plan = await admin((c) =>
      c.product.assignPrices({ payload: { id: product.id, agent_id: retailId, customerprice: 1000, companyprice: 900, yearlyprice: 10000 } })
    )
    expect(await statusOf(operador((c) => c.product.deletePlan({ path: { id: plan.id } })))).toBe(403)
    const removed = await admin((c) => c.product.deletePlan({ path: { id: plan.id } }))
    expect(removed.isActive).toBe(false)
    expect((await soldBy(retailId)).map((p) => p.id)).not.toContain(product.id)
    // Still offered, as every active product is, without a plan.
    expect((await operador((c) => c.product.list({ path: { agent_id: retailId } }))).find((p) => p.id === product.id)).toMatchObject({
      productPlan_id: null,
      plan: { customer: { id: null, price: 0 } }
    })
    expect(await statusOf(admin((c) => c.product.deletePlan({ path: { id: plan.id } })))).toBe(404)
    // The plan stays readable for what already points at it.
    expect((await operador((c) => c.product.getByProductPlanId({ path: { id: plan.id } }))).productPlan_id).toBe(plan.id)
    const again = await admin((c) =>
      c.product.assignPrices({ payload: { id: product.id, agent_id: retailId, customerprice: 1100, companyprice: 900, yearlyprice: 11000 } })
    )
    expect(again.id).not.toBe(plan.id)
  })

  it("each retail sees its own prices; reads by product and retail, by family and by plan", async () => {
    const [uno, dos] = await Promise.all([createRetail(server.url, adminToken, "Tienda Uno"), createRetail(server.url, adminToken, "Tienda Dos")])
    const product = await admin((c) => c.product.create({ payload: ufProduct({ name: "Integral por canal" }) }))
    const pet = (await operador((c) => c.product.getAll())).find((p) => p.name === "Asistencia Mascota")!
    const planUno = await admin((c) =>
      c.product.assignPrices({ payload: { id: product.id, agent_id: uno, customerprice: uf("0.5"), companyprice: uf("0.35"), yearlyprice: uf("5.5") } })
    )
    await admin((c) =>
      c.product.assignPrices({ payload: { id: product.id, agent_id: dos, customerprice: uf("0.45"), companyprice: uf("0.3"), yearlyprice: uf("5") } })
    )
    await admin((c) => c.product.assignPrices({ payload: { id: pet.id, agent_id: uno, customerprice: 3990, companyprice: 2990, yearlyprice: 39900 } }))

    const listUno = await soldBy(uno)
    expect(listUno.map((p) => [p.name, p.customerPrice]).sort()).toEqual([
      ["Asistencia Mascota", 3990],
      ["Integral por canal", "0.50"]
    ])
    const listDos = await soldBy(dos)
    expect(listDos.map((p) => [p.name, p.customerPrice, p.companyPrice, p.yearlyPrice])).toEqual([["Integral por canal", "0.45", "0.30", "5.00"]])
    expect(listDos[0]!.assistances).toEqual(product.assistances)

    const one = await operador((c) => c.product.getByIdWithPrices({ path: { id: product.id, agent_id: uno } }))
    expect(one).toMatchObject({ id: product.id, productPlan_id: planUno.id, customerPrice: "0.50", agent_name: "Tienda Uno" })
    expect(one.plan).toEqual({
      customer: { id: planUno.id, price: "0.50" },
      company: { id: planUno.id, price: "0.35" },
      yearly: { id: planUno.id, price: "5.50" }
    })
    expect(one.price).toEqual({ customer: "0.50", company: "0.35" })
    expect(await operador((c) => c.product.getByProductPlanId({ path: { id: planUno.id } }))).toEqual({
      ...one,
      familyId: product.family_id,
      plan: { ...one.plan, id: planUno.id, agentId: uno, price: "0.50" }
    })
    expect(await statusOf(operador((c) => c.product.getByIdWithPrices({ path: { id: pet.id, agent_id: dos } })))).toBe(404)

    const pets = await operador((c) => c.product.getByFamilyId({ path: { agent_id: uno, family_id: mascotas.id } }))
    expect(pets.every((p) => p.family_id === mascotas.id)).toBe(true)
    expect(pets.filter((p) => p.productPlan_id !== null).map((p) => p.name)).toEqual(["Asistencia Mascota"])
    const petsDos = await operador((c) => c.product.getByFamilyId({ path: { agent_id: dos, family_id: mascotas.id } }))
    expect(petsDos.filter((p) => p.productPlan_id !== null)).toEqual([])

    // A product's currency cannot change under its plans.
    expect(await failure(admin((c) => c.product.update({ path: { id: product.id }, payload: clpProduct({ name: "Integral por canal" }) })))).toMatchObject({
      status: 409,
      message: "No se puede cambiar la moneda de un producto con planes activos"
    })

    // A deleted product leaves the retail's list; its plan can still be read by id.
    await admin((c) => c.product.delete({ path: { id: product.id } }))
    expect((await soldBy(dos)).map((p) => p.name)).toEqual([])
    expect((await operador((c) => c.product.list({ path: { agent_id: dos } }))).map((p) => p.id)).not.toContain(product.id)
    expect((await operador((c) => c.product.getByProductPlanId({ path: { id: planUno.id } }))).isActive).toBe(false)
  })

  it("refuses prices in another currency than the product's, and unknown products or retails", async () => {
    const retailId = await createRetail(server.url, adminToken, "Corredora")
    const integral = (await operador((c) => c.product.getAll())).find((p) => p.name === "Asistencia Integral")!
    // A UF product reads numbers as UF; what has more than two decimals, or is not a number, is refused.
    const wrong = await post("/api/product/assignPrices", {
      id: integral.id,
      agent_id: retailId,
      customerprice: 0.555,
      companyprice: "1.255",
      yearlyprice: "-5"
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.issues).toEqual([
      { path: ["customerprice"], message: 'Monto en UF inválido: use un texto con hasta 2 decimales, p. ej. "1.25"' },
      { path: ["companyprice"], message: 'Monto en UF inválido: use un texto con hasta 2 decimales, p. ej. "1.25"' },
      { path: ["yearlyprice"], message: 'Monto en UF inválido: use un texto con hasta 2 decimales, p. ej. "1.25"' }
    ])
    const notANumber = await post("/api/product/assignPrices", {
      id: integral.id,
      agent_id: retailId,
      customerprice: "4,5",
      companyprice: "",
      yearlyprice: true
    })
    expect(notANumber.status).toBe(400)
    expect(notANumber.body.issues).toEqual(
      ["customerprice", "companyprice", "yearlyprice"].map((field) => ({
        path: [field],
        message: 'Monto inválido: un número, o un texto como "10000" o "1.25"'
      }))
    )
    const hogar = (await operador((c) => c.product.getAll())).find((p) => p.name === "Asistencia Hogar")!
    const cents = await post("/api/product/assignPrices", {
      id: hogar.id,
      agent_id: retailId,
      customerprice: "4990.5",
      companyprice: 3990.5,
      yearlyprice: "49900"
    })
    expect(cents.status).toBe(400)
    expect(cents.body.issues).toEqual([
      { path: ["customerprice"], message: "En pesos el monto debe ser un número entero" },
      { path: ["companyprice"], message: "El monto en pesos debe ser un número entero" }
    ])
    expect((await soldBy(retailId)).map((p) => p.name)).toEqual([])

    expect(
      await failure(
        admin((c) =>
          c.product.assignPrices({ payload: { id: integral.id, agent_id: UNKNOWN, customerprice: uf("1"), companyprice: uf("1"), yearlyprice: uf("1") } })
        )
      )
    ).toMatchObject({
      status: 404,
      message: "El canal indicado no existe o está inactivo"
    })
    expect(
      await failure(admin((c) => c.product.assignPrices({ payload: { id: UNKNOWN, agent_id: retailId, customerprice: 1, companyprice: 1, yearlyprice: 1 } })))
    ).toMatchObject({
      status: 404,
      message: "El producto indicado no existe o está inactivo"
    })
    // As the original: an unknown retail is offered every product, at no price.
    const offeredToNobody = await operador((c) => c.product.list({ path: { agent_id: UNKNOWN } }))
    expect(offeredToNobody.length).toBeGreaterThan(0)
    expect(offeredToNobody.every((p) => p.productPlan_id === null && p.agent_id === UNKNOWN)).toBe(true)
    expect(await statusOf(operador((c) => c.product.getByProductPlanId({ path: { id: UNKNOWN } })))).toBe(404)
  })
})

/**
 * The original client's calls, verbatim (raw JSON as it sends them): whole state objects with
 * fields Palma does not keep, numbers as texts, coverage lines naming the assistance by `id`.
 */
describe("the original client's product calls", () => {
  const as = (token: string, method: string, path: string, body?: unknown) =>
    send(server.url, method, `/api/product${path}`, { token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  const asAdmin = (method: string, path: string, body?: unknown) => as(adminToken, method, path, body)
  const read = async (path: string) => {
    const response = await as(operadorToken, "GET", path)
    expect(response.status).toBe(200)
    return response.json as Record<string, unknown>
  }

  /** ProductDetail's submit: what the form holds, plus what its state carries besides. */
  const originalBody = (name: string) => ({
    family_id: hogar.id,
    name,
    cost: "10000",
    dynamiccharge: 1500,
    isSubject: true,
    frequency: "M",
    term: "12",
    beneficiaries: "2",
    currency: "P",
    dueDay: "5",
    alias: "Alianza Banco",
    minInsuredCompanyPrice: "9000",
    title: `${name} título`,
    subTitle: "Subtítulo",
    description: "Descripción formal",
    promotional: "Descripción promocional",
    territorialScope: "Todo Chile",
    hiringConditions: "Mayores de 18",
    assistances: [
      { id: assistance("Gasfitería"), name: "Gasfitería", amount: "150000", maximum: "50000", events: 3, lack: 30, currency: "P", section: "Hogar" },
      { id: assistance("Telemedicina"), name: "Telemedicina", amount: 2, maximum: "1.5", events: "6", lack: "0", currency: "U", section: "Salud" }
    ],
    // State the client carries along; none of it is bound.
    isActive: false,
    family_name: "Otra",
    user_id: "user_123",
    price: { customer: 1 },
    productPlan_id: UNKNOWN
  })

  const detailFields = {
    id: "string",
    family_id: "string",
    name: "string",
    cost: "number",
    dynamiccharge: "number",
    isSubject: "boolean",
    frequency: "string",
    term: "number",
    beneficiaries: "number",
    currency: "string",
    dueDay: "number",
    minInsuredCompanyPrice: "number",
    title: "string",
    subTitle: "string",
    alias: "string",
    promotional: "string",
    description: "string",
    territorialScope: "string",
    hiringConditions: "string"
  } as const
  const lineFields = ["id", "name", "amount", "maximum", "events", "lack", "currency", "section"] as const

  const expectDetail = (body: Record<string, unknown>) => {
    for (const [field, type] of Object.entries(detailFields)) expect(typeof body[field], field).toBe(type)
    const lines = body["assistances"] as Array<Record<string, unknown>>
    expect(Array.isArray(lines)).toBe(true)
    for (const line of lines) for (const field of lineFields) expect(line[field], field).toBeDefined()
  }

  it("create takes ProductDetail's body (texts for numbers, lines by id) and answers the detail the client reads", async () => {
    const created = await asAdmin("POST", "/create", originalBody("Original Hogar"))
    expect(created.status).toBe(200)
    const body = created.json as Record<string, unknown>
    expectDetail(body)
    expect(body).toMatchObject({
      name: "Original Hogar",
      cost: 10000,
      dynamiccharge: 1500,
      term: 12,
      beneficiaries: 2,
      dueDay: 5,
      minInsuredCompanyPrice: 9000,
      alias: "Alianza Banco",
      promotional: "Descripción promocional",
      family_name: "Hogar",
      isActive: true
    })
    expect(body["assistances"]).toEqual([
      expect.objectContaining({
        id: assistance("Gasfitería"),
        name: "Gasfitería",
        section: "Hogar",
        amount: 150000,
        maximum: 50000,
        events: 3,
        lack: 30,
        currency: "P"
      }),
      expect.objectContaining({
        id: assistance("Telemedicina"),
        name: "Telemedicina",
        section: "Salud",
        amount: "2.00",
        maximum: "1.50",
        events: 6,
        lack: 0,
        currency: "U"
      })
    ])
    // Stored exactly what the permitted fields say: read back through Palma's own client.
    const stored = await operador((c) => c.product.getById({ path: { id: String(body["id"]) } }))
    expect(stored).toEqual(body)
    expect(await read(`/getById/${String(body["id"])}`)).toEqual(body)
  })

  it("create with the id of a product updates it (the original's upsert), replacing its coverage", async () => {
    const first = (await asAdmin("POST", "/create", originalBody("Upsert Uno"))).json as { id: string }
    const before = (await operador((c) => c.product.getAll())).length
    const again = await asAdmin("POST", "/create", {
      ...originalBody("Upsert Dos"),
      id: first.id,
      cost: 12000,
      assistances: [{ id: assistance("Cerrajería"), name: "Cerrajería", amount: "80000", maximum: "40000", events: 2, lack: 0, currency: "P" }]
    })
    expect(again.status).toBe(200)
    expect(again.json).toMatchObject({ id: first.id, name: "Upsert Dos", cost: 12000 })
    expect((again.json as { assistances: Array<{ name: string }> }).assistances.map((a) => a.name)).toEqual(["Cerrajería"])
    expect((await operador((c) => c.product.getAll())).length).toBe(before)
    // An id that names no product is not a silent create.
    expect((await asAdmin("POST", "/create", { ...originalBody("Upsert Tres"), id: UNKNOWN })).status).toBe(404)
    // A blank id (a new product in the form) creates.
    expect((await asAdmin("POST", "/create", { ...originalBody("Upsert Cuatro"), id: "" })).status).toBe(200)
  })

  it("update/:id takes the same body; the path names the product, an id in the body changes nothing", async () => {
    const target = (await asAdmin("POST", "/create", originalBody("Actualizable"))).json as { id: string }
    const other = (await asAdmin("POST", "/create", originalBody("Intocable"))).json as Record<string, unknown>
    const updated = await asAdmin("PUT", `/update/${target.id}`, { ...originalBody("Actualizado"), id: other["id"], cost: "11000", isActive: false })
    expect(updated.status).toBe(200)
    expectDetail(updated.json as Record<string, unknown>)
    expect(updated.json).toMatchObject({ id: target.id, name: "Actualizado", cost: 11000, isActive: true })
    expect(await read(`/getById/${String(other["id"])}`)).toEqual(other)
  })

  it("reads amounts in the product's currency: UF from numbers, pesos from whole texts; refuses the rest in Spanish", async () => {
    const ufBody = { ...originalBody("Original UF"), currency: "U", cost: 1, dynamiccharge: "0.1", minInsuredCompanyPrice: 0.35 }
    const created = await asAdmin("POST", "/create", ufBody)
    expect(created.status).toBe(200)
    expect(created.json).toMatchObject({ currency: "U", cost: "1.00", dynamiccharge: "0.10", minInsuredCompanyPrice: "0.35" })

    const cents = await asAdmin("POST", "/create", { ...originalBody("Con centavos"), cost: "10000.5", minInsuredCompanyPrice: "9000.00" })
    expect(cents.status).toBe(400)
    expect((cents.json as { issues: unknown }).issues).toEqual([{ path: ["cost"], message: "En pesos el monto debe ser un número entero" }])
    const line = { id: assistance("Gasfitería"), amount: "-1", maximum: "1.255", events: 1, currency: "U" }
    const badLine = await asAdmin("POST", "/create", {
      ...originalBody("Línea mala"),
      assistances: [line, { amount: 1, maximum: 1, events: 1, currency: "P" }]
    })
    expect(badLine.status).toBe(400)
    const issues = (badLine.json as { issues: Array<{ path: unknown[]; message: string }> }).issues
    expect(issues.map((i) => i.path)).toEqual([
      ["assistances", 0, "amount"],
      ["assistances", 0, "maximum"],
      ["assistances", 1, "id"]
    ])
    for (const issue of issues) expect(looksSpanish(issue.message), issue.message).toBe(true)
    expect((await asAdmin("POST", "/create", { ...originalBody("Plazo malo"), term: "13" })).status).toBe(400)
  })

  it("assignPrices takes the original's body; list, getByFamilyId, getByIdWithPrices and getAll answer the seed's price fields", async () => {
    const rut = freshRut()
    const retail = await send(server.url, "POST", "/api/retail/create", { token: adminToken, body: JSON.stringify({ rut, name: "Canal Original" }) })
    expect(retail.status).toBe(200)
    const retailId = (retail.json as { id: string }).id
    // The plan's company price (3990) may not be below the product's minimum per insured.
    const product = (await asAdmin("POST", "/create", { ...originalBody("Con precios"), minInsuredCompanyPrice: 3990 })).json as { id: string }

    const assigned = await asAdmin("POST", "/assignPrices", {
      id: product.id,
      agent_id: retailId,
      baseprice: "0",
      customerprice: "4990",
      companyprice: "3990",
      yearlyprice: 49900,
      discount: { type: "p", percent: "0", cicles: "0" },
      beneficiary_price: "0"
    })
    expect(assigned.status).toBe(200)
    const plan = assigned.json as { id: string; success: boolean; data: Record<string, { id: string; price: unknown; product_plan_id: string }> }
    expect(plan.success).toBe(true)
    expect(plan.data["customer"]).toEqual({ id: plan.id, price: 4990, product_plan_id: plan.id })
    expect(plan.data["yearly"]?.price).toBe(49900)

    const seedPlan = { customer: { id: plan.id, price: 4990 }, company: { id: plan.id, price: 3990 }, yearly: { id: plan.id, price: 49900 } }
    const listed = ((await read(`/list/${retailId}`)) as unknown as Array<Record<string, unknown>>).find((p) => p["id"] === product.id)!
    expect(listed).toMatchObject({
      family_id: hogar.id,
      family_name: "Hogar",
      alias: "Alianza Banco",
      promotional: "Descripción promocional",
      name: "Con precios",
      cost: 10000,
      price: { customer: 4990, company: 3990 },
      plan: seedPlan,
      isSubject: true,
      frequency: "M",
      term: 12,
      beneficiaries: 2,
      minInsuredCompanyPrice: 3990,
      currency: "P",
      dueDay: 5
    })
    const byFamily = (await read(`/getByFamilyId/${retailId}/${hogar.id}`)) as unknown as Array<Record<string, unknown>>
    // Every Hogar product is offered; the retail sells only this one.
    expect(byFamily.every((p) => p["family_id"] === hogar.id)).toBe(true)
    expect(byFamily.filter((p) => p["productPlan_id"] !== null).map((p) => p["id"])).toEqual([product.id])
    expect(byFamily.find((p) => p["id"] === product.id)).toMatchObject({ price: { customer: 4990, company: 3990 }, plan: seedPlan })

    const withPrices = await read(`/getByIdWithPrices/${product.id}/${retailId}`)
    expectDetail(withPrices)
    expect(withPrices).toMatchObject({ id: product.id, plan: { customer: { id: plan.id, price: 4990 }, company: { id: plan.id, price: 3990 } } })
    // The original client's `/product/get/{id}/{agent_id}` never had a server route.
    expect((await as(operadorToken, "GET", `/get/${product.id}/${retailId}`)).status).toBe(404)

    const byPlan = await read(`/getByProductPlanId/${plan.id}`)
    expect(byPlan).toMatchObject({
      id: product.id,
      familyId: hogar.id,
      name: "Con precios",
      promotional: "Descripción promocional",
      plan: { id: plan.id, agentId: retailId, price: 4990 }
    })
    expect((byPlan["assistances"] as Array<Record<string, unknown>>).map((a) => [a["id"], a["name"]])).toEqual([
      [assistance("Gasfitería"), "Gasfitería"],
      [assistance("Telemedicina"), "Telemedicina"]
    ])

    const all = (await as(operadorToken, "GET", "/getAll")).json as Array<{ id: string; name: string; product_plans: unknown[] }>
    expect(all.every((p) => Array.isArray(p.product_plans))).toBe(true)
    expect(all.find((p) => p.id === product.id)).toMatchObject({
      name: "Con precios",
      product_plans: [
        { type: "customer", id: plan.id, agent_id: retailId, price: "$ 4990", agent_name: "Canal Original", amount: 4990 },
        { type: "company", id: plan.id, agent_id: retailId, price: "$ 3990", agent_name: "Canal Original", amount: 3990 },
        { type: "yearly", id: plan.id, agent_id: retailId, price: "$ 49900", agent_name: "Canal Original", amount: 49900 }
      ]
    })
    const families = (await as(operadorToken, "GET", "/getFamilies")).json as Array<{ id: string; name: string }>
    expect(families).toEqual(expect.arrayContaining([expect.objectContaining({ id: hogar.id, name: "Hogar" })]))

    // getByRetailRut: the RUT as the client formats it, or bare; answered with dots.
    const dotted = Rut.format(rut)
    for (const spelling of [dotted, rut, rut.replace("-", "")]) {
      const plans = (await as(operadorToken, "GET", `/getByRetailRut/${encodeURIComponent(spelling)}`)).json
      expect(plans).toEqual([
        {
          rut: dotted,
          name: "Con precios",
          companyprice: 3990,
          price: 3990,
          currency: "P",
          productplan_id: plan.id,
          product_id: product.id,
          agent_id: retailId
        }
      ])
    }
    expect((await as(operadorToken, "GET", `/getByRetailRut/${freshRut()}`)).json).toEqual([])
    expect((await as(operadorToken, "GET", "/getByRetailRut/12.345.678-9")).status).toBe(400)

    // The contract of the plan, as caseStore.getPdfContract reads it.
    const contract = await as(operadorToken, "GET", `/getContract/${plan.id}`)
    expect(contract.status).toBe(200)
    expect(
      Buffer.from((contract.json as { base64: string }).base64, "base64")
        .subarray(0, 5)
        .toString()
    ).toBe("%PDF-")

    // A UF product reads the client's numbers as UF.
    const ufProductId = (
      (await asAdmin("POST", "/create", { ...originalBody("Precios UF"), currency: "U", cost: 1, minInsuredCompanyPrice: "0.5", dynamiccharge: 0 })).json as {
        id: string
      }
    ).id
    const ufPlan = await asAdmin("POST", "/assignPrices", { id: ufProductId, agent_id: retailId, customerprice: 1, companyprice: "0.5", yearlyprice: 10.5 })
    expect(ufPlan.json).toMatchObject({ customerPrice: "1.00", companyPrice: "0.50", yearlyPrice: "10.50" })
  })

  it("delete answers the deactivated product; Palma's extra fields do not get in the way of a client posting them back", async () => {
    const created = (await asAdmin("POST", "/create", originalBody("Para borrar"))).json as Record<string, unknown>
    // The detail as read, posted back whole (Palma's extra fields included): nothing changes.
    const again = await asAdmin("PUT", `/update/${String(created["id"])}`, created)
    expect(again.status).toBe(200)
    expect(again.json).toEqual(created)
    const deleted = await asAdmin("DELETE", `/delete/${String(created["id"])}`)
    expect(deleted.status).toBe(200)
    expect(deleted.json).toMatchObject({ id: created["id"], isActive: false })
    expect((await as(operadorToken, "GET", `/getById/${String(created["id"])}`)).status).toBe(404)
    expect((await as(operadorToken, "POST", "/create", originalBody("Sin permiso"))).status).toBe(403)
  })
})

describe("a plan's company price against the product's minimum per insured (issue 10 §5)", () => {
  it("is refused below the minimum with a Spanish 400 on companyprice, in pesos and in UF, and accepted at it", async () => {
    const retailId = await createRetail(server.url, adminToken, "Canal Mínimo")
    const pesos = await admin((c) => c.product.create({ payload: clpProduct({ name: "Mínimo en pesos", minInsuredCompanyPrice: 5000 }) }))
    const below = await failure(
      admin((c) => c.product.assignPrices({ payload: { id: pesos.id, agent_id: retailId, customerprice: 9990, companyprice: 4999, yearlyprice: 99900 } }))
    )
    expect(below).toMatchObject({
      status: 400,
      message: "El precio empresa no puede ser menor que el mínimo por asegurado del producto ($5.000)",
      issues: [{ path: ["companyprice"], message: "El precio empresa no puede ser menor que el mínimo por asegurado del producto ($5.000)" }]
    })
    expect(await soldBy(retailId)).toEqual([])
    await admin((c) => c.product.assignPrices({ payload: { id: pesos.id, agent_id: retailId, customerprice: 9990, companyprice: 5000, yearlyprice: 99900 } }))

    const inUf = await admin((c) => c.product.create({ payload: ufProduct({ name: "Mínimo en UF", minInsuredCompanyPrice: uf("0.5") }) }))
    const ufBelow = await failure(
      admin((c) =>
        c.product.assignPrices({ payload: { id: inUf.id, agent_id: retailId, customerprice: uf("1"), companyprice: uf("0.49"), yearlyprice: uf("10") } })
      )
    )
    expect(ufBelow).toMatchObject({ status: 400, message: expect.stringContaining("(UF 0,50)") })
  })
})
