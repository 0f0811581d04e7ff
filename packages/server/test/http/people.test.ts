import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Rut } from "@palma/core"
import { send } from "../security/http.js"
import { demoTokens } from "../support/api.js"
import { rutOf } from "../support/catalogFixture.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * The people calls as the original client makes them: raw JSON bodies and query strings in its
 * spelling, and the fields it reads. Searches and subscriptions run over the demo population the
 * template is seeded with; expectations are computed from what the server answers elsewhere, so
 * they hold on any day.
 */

let server: InProcessServer
let tokens: Awaited<ReturnType<typeof demoTokens>>

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
})
afterAll(() => server?.stop())

type Json = Record<string, unknown>
const call = async (method: string, path: string, body?: unknown, token = tokens.user) => {
  const response = await send(server.url, method, path, { token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  return { status: response.status, json: response.json as Json & Array<Json> }
}
const get = (path: string, token?: string) => call("GET", path, undefined, token)
const post = (path: string, body: unknown, token?: string) => call("POST", path, body, token)

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()

interface Page {
  summary: Record<string, number>
  pagination: { total: number; page: number; records: number }
  data: Array<{ id: string; rut: string; name: string; products: number }>
}
const search = async (kind: "customer" | "insured", query: string) => {
  const { status, json } = await get(`/api/${kind}/getByRutOrName?${query}`)
  expect(status, JSON.stringify(json)).toBe(200)
  return json as unknown as Page
}

describe("insured/upsert and beneficiary/upsert (caseStore, beneficiaryStore)", () => {
  const rut = rutOf(15_234_567)

  it("creates a titular from the client's whole applicant object and answers flat strings, the RUT dotted, the comuna by name and code", async () => {
    const { status, json } = await post("/api/insured/upsert", {
      type: "I",
      id: "",
      rut: Rut.format(rut),
      name: "Ñuño",
      paternalLastName: "Pérez",
      maternalLastName: "Soto",
      address: "Los Aromos 123",
      district: "ñuñoa",
      email: "nuno@correo.cl",
      phone: "+56 9 1234 5678",
      birthDate: "1980-05-12"
    })
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json).toMatchObject({
      rut: Rut.format(rut),
      name: "Ñuño",
      paternalLastName: "Pérez",
      maternalLastName: "Soto",
      address: "Los Aromos 123",
      district: "Ñuñoa",
      district_id: "13120",
      email: "nuno@correo.cl",
      phone: "+56 9 1234 5678",
      birthDate: "1980-05-12"
    })
    expect(typeof json.id).toBe("string")
  })

  it("keeps stored data when the client sends empty strings, and updates what it does send (RUT without dots)", async () => {
    const { json: first } = await post("/api/insured/upsert", { rut, name: "Ñuño" })
    const { status, json } = await post("/api/insured/upsert", {
      rut: rut.replace("-", ""),
      name: "",
      paternalLastName: "",
      maternalLastName: "",
      address: "",
      district: "",
      email: "",
      phone: "+56 2 2222 3333",
      birthDate: ""
    })
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json).toMatchObject({
      id: first.id,
      name: "Ñuño",
      paternalLastName: "Pérez",
      address: "Los Aromos 123",
      district: "Ñuñoa",
      email: "nuno@correo.cl",
      phone: "+56 2 2222 3333",
      birthDate: "1980-05-12"
    })
  })

  it("refuses in Spanish: a bad check digit, an unknown comuna, a new person without a name", async () => {
    const badRut = `${rut.slice(0, -1)}${rut.endsWith("0") ? "1" : "0"}`
    for (const body of [{ rut: badRut, name: "X" }, { rut, district: "Gotham" }, { rut: rutOf(15_234_999) }]) {
      const { status, json } = await post("/api/insured/upsert", body)
      expect(status, JSON.stringify(body)).toBe(400)
      expect(String(json.message)).toMatch(/RUT inválido|comuna no existe|obligatorio/)
    }
  })

  it("a carga keeps its relationship by name; blank keeps it; an unknown one is a 400", async () => {
    const carga = rutOf(21_345_678)
    const created = await post("/api/beneficiary/upsert", {
      rut: Rut.format(carga),
      name: "Tomás",
      paternalLastName: "Pérez",
      relationship: "hijo/a",
      district: "13120"
    })
    expect(created.status, JSON.stringify(created.json)).toBe(200)
    expect(created.json).toMatchObject({ rut: Rut.format(carga), relationship: "Hijo/a", district: "Ñuñoa", district_id: "13120", email: "", birthDate: "" })
    const kept = await post("/api/beneficiary/upsert", { rut: carga, name: "", relationship: "", birthDate: "2015-02-03" })
    expect(kept.json).toMatchObject({ id: created.json.id, name: "Tomás", relationship: "Hijo/a", birthDate: "2015-02-03" })
    const unknown = await post("/api/beneficiary/upsert", { rut: carga, relationship: "Primo lejano" })
    expect(unknown.status).toBe(400)
    expect(String(unknown.json.message)).toMatch(/parentesco/)
  })
})

describe("customer/getByRutOrName and insured/getByRutOrName: pagination arithmetic", () => {
  it.each(["customer", "insured"] as const)("%s: page count in total, a short last page, an empty page past the end", async (kind) => {
    const all = await search(kind, "")
    const count = all.data.length
    expect(count).toBeGreaterThan(20)
    expect(all.pagination).toEqual({ total: 1, page: 1, records: count })
    expect(all.summary[kind]).toBe(count)
    expect(all.summary.products).toBe(all.data.reduce((sum, p) => sum + p.products, 0))

    const records = 7
    const pages = Math.ceil(count / records)
    const first = await search(kind, `records=${records}`)
    expect(first.pagination).toEqual({ total: pages, page: 1, records })
    expect(first.data).toEqual(all.data.slice(0, records))
    const last = await search(kind, `records=${records}&page=${pages}`)
    expect(last.data).toEqual(all.data.slice((pages - 1) * records))
    expect(last.data.length).toBe(count - (pages - 1) * records)
    const past = await search(kind, `records=${records}&page=${pages + 1}`)
    expect(past.data).toEqual([])
    expect(past.summary).toEqual(all.summary)
    expect(past.pagination).toEqual({ total: pages, page: pages + 1, records })
  })

  it("nothing found: zero pages and an empty list, never null", async () => {
    const none = await search("insured", "name=zzzqqq&records=20&page=1")
    expect(none).toEqual({ summary: { insured: 0, products: 0 }, pagination: { total: 0, page: 1, records: 20 }, data: [] })
    expect(await search("customer", "name=zzzqqq")).toMatchObject({ pagination: { total: 0, page: 1, records: 0 }, data: [] })
  })

  it("names match without accents or case; RUTs by their start, dotted or not", async () => {
    const accented = await search("insured", "name=Muñoz")
    expect(accented.data.length).toBeGreaterThan(0)
    expect(await search("insured", "name=MUNOZ")).toEqual(accented)
    for (const person of accented.data) expect(fold(person.name)).toContain("munoz")

    const someone = accented.data[0]!
    expect(someone.rut).toMatch(/^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/)
    const prefix = someone.rut.slice(0, 5)
    const byPrefix = await search("insured", `rut=${prefix}`)
    expect(byPrefix.data.map((p) => p.id)).toContain(someone.id)
    for (const person of byPrefix.data) expect(person.rut.replace(/\./g, "").startsWith(prefix.replace(/\./g, ""))).toBe(true)
    const exact = await search("insured", `rut=${someone.rut.replace(/\./g, "")}`)
    expect(exact.data.map((p) => p.id)).toEqual([someone.id])
  })

  it("bad paging parameters are a Spanish 400", async () => {
    for (const query of ["records=0", "page=-1", "records=abc"]) {
      const { status, json } = await get(`/api/customer/getByRutOrName?${query}`)
      expect(status, query).toBe(400)
      expect(String(json.message)).toMatch(/inválid/)
    }
  })
})

describe("contractor (customerStore, contractor screens)", () => {
  const personRut = rutOf(16_543_210)
  const companyRut = rutOf(77_654_321)

  it("an admin creates a person contractor; the answer is the original's envelope with the stored contractor", async () => {
    const { status, json } = await post(
      "/api/contractor/create",
      {
        type: "P",
        rut: Rut.format(personRut),
        name: "Ana",
        paternalLastName: "Muñoz",
        maternalLastName: "Lagos",
        birthDate: "1975-01-30",
        address: "Av. Grecia 1000",
        district: "Ñuñoa",
        email: "ana@correo.cl",
        phone: "+56 9 8765 4321",
        legalRepresentative: "",
        line: ""
      },
      tokens.admin
    )
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json.message).toBe("Contractor created successfully")
    expect(json.data).toMatchObject({
      type: "P",
      rut: Rut.format(personRut),
      name: "Ana",
      paternalLastName: "Muñoz",
      district: "Ñuñoa",
      district_id: "13120",
      birthDate: "1975-01-30",
      subscriptions: [],
      payment: []
    })
    const id = (json.data as Json).id as string
    expect((await get(`/api/contractor/getById/${id}`)).json).toMatchObject({ id, type: "P", name: "Ana", subscriptions: [], payment: [] })
    // Blank fields keep what is stored.
    const again = await post("/api/contractor/create", { type: "P", rut: personRut, name: "", email: "", address: "Av. Grecia 2000" }, tokens.admin)
    expect(again.json.data).toMatchObject({ id, name: "Ana", email: "ana@correo.cl", address: "Av. Grecia 2000" })
  })

  it("a company comes as companyName too; the same RUT as the other kind is a 409", async () => {
    const { status, json } = await post(
      "/api/contractor/create",
      { type: "C", rut: companyRut, companyName: "Comercial Prueba SpA", legalRepresentative: "Luis Soto", line: "Comercio" },
      tokens.admin
    )
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json.data).toMatchObject({ type: "C", name: "Comercial Prueba SpA", companyName: "Comercial Prueba SpA", legalRepresentative: "Luis Soto" })
    const clash = await post("/api/contractor/create", { type: "P", rut: companyRut, name: "Otro" }, tokens.admin)
    expect(clash.status).toBe(409)
    expect(String(clash.json.message)).toMatch(/empresa/)
  })

  it("getByRut answers the contractor, or a blank one with that RUT and type to prefill", async () => {
    const found = await get(`/api/contractor/getByRut/${Rut.format(personRut)}/P`)
    expect(found.json).toMatchObject({ type: "P", rut: Rut.format(personRut), name: "Ana" })
    const unknown = rutOf(16_000_001)
    const blank = await get(`/api/contractor/getByRut/${unknown}/C`)
    expect(blank.status).toBe(200)
    expect(blank.json).toMatchObject({ id: "", type: "C", rut: Rut.format(unknown), name: "", email: "", district: "" })
    expect((await get(`/api/contractor/getByRut/${unknown}/X`)).status).toBe(400)
  })

  it("getAll filters by type, RUT, name (accent-free) and active; quantity is text", async () => {
    const companies = await post("/api/contractor/getAll", { contractorType: "C", rut: "", nameLike: "", active: false })
    expect(companies.status).toBe(200)
    expect(companies.json.length).toBeGreaterThan(0)
    for (const c of companies.json) expect(c.type).toBe("C")
    const byName = await post("/api/contractor/getAll", { contractorType: "", nameLike: "ANA MUNOZ LAGOS", active: false })
    expect(byName.json).toEqual([expect.objectContaining({ rut: Rut.format(personRut), name: "Ana Muñoz Lagos", quantity: "0", district: "Ñuñoa" })])
    const active = await post("/api/contractor/getAll", { nameLike: "ana muñoz lagos", active: true })
    expect(active.json).toEqual([])
  })

  it("Palma's contractor/page: getAll's matches in getAll's order, one page at a time, counted on the server", async () => {
    const all = (await post("/api/contractor/getAll", { contractorType: "C", rut: "", nameLike: "", active: false })).json
    const first = await get("/api/contractor/page?contractorType=C&pageSize=7")
    expect(first.status).toBe(200)
    const firstPage = first.json as unknown as { items: Array<Json>; total: number; page: number; pageSize: number }
    expect({ total: firstPage.total, page: firstPage.page, pageSize: firstPage.pageSize }).toEqual({ total: all.length, page: 1, pageSize: 7 })
    expect(firstPage.items).toEqual(all.slice(0, 7))
    const lastNumber = Math.ceil(all.length / 7)
    const last = (await get(`/api/contractor/page?contractorType=C&pageSize=7&page=${lastNumber}`)).json as unknown as { items: Array<Json> }
    expect(last.items).toEqual(all.slice((lastNumber - 1) * 7))
    const beyond = (await get(`/api/contractor/page?contractorType=C&pageSize=7&page=${lastNumber + 1}`)).json as unknown as {
      items: Array<Json>
      total: number
    }
    expect(beyond).toMatchObject({ items: [], total: all.length })
    const byName = (await get("/api/contractor/page?nameLike=ANA%20MUNOZ%20LAGOS")).json as unknown as { items: Array<Json> }
    expect(byName.items).toEqual([expect.objectContaining({ rut: Rut.format(personRut), name: "Ana Muñoz Lagos" })])
    expect((await get("/api/contractor/page?contractorType=X")).status).toBe(400)
    expect((await get("/api/contractor/page?pageSize=500")).status).toBe(400)
  })

  it("getCustomerById: the customer, and each subscription with product, coverage, titular, cargas, price, dates and balance", async () => {
    const customers = await search("customer", "records=15")
    let checked = 0
    for (const found of customers.data) {
      const { status, json } = await get(`/api/contractor/getCustomerById/${found.id}`)
      expect(status).toBe(200)
      expect(json).toMatchObject({ type: "P", customer: { id: found.id, rut: found.rut } })
      const origins = json.origins as unknown as Array<Json>
      expect(origins.length).toBeGreaterThan(0)
      for (const origin of origins) {
        expect(origin).toMatchObject({
          type: "Empresa",
          subscription_id: expect.any(Number),
          product: { id: expect.any(String), name: expect.any(String), assistances: expect.any(Array) },
          insured: { rut: expect.stringMatching(/^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/), district: expect.any(String) },
          beneficiaries: expect.any(Array),
          price: { value: expect.anything(), frequency: expect.any(String) },
          dates: { purchase: expect.any(String), init: expect.any(String), end: expect.any(String) }
        })
        const [balance] = origin.balance as Array<Record<string, number | string>>
        if (typeof balance!.charged === "number") expect(balance!.balance).toBe((balance!.charged as number) - (balance!.paid as number))
      }
      checked++
    }
    expect(checked).toBe(customers.data.length)
    expect((await get(`/api/contractor/getCustomerById/7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e41`)).status).toBe(404)
  })
})

describe("subscriptions: getSubscriptionById and lead/removeBeneficiary", () => {
  /** A subscription of the demo population whose titular brings cargas. */
  const withCargas = async () => {
    const customers = await search("customer", "")
    for (const found of customers.data) {
      const { json } = await get(`/api/contractor/getCustomerById/${found.id}`)
      const origin = (json.origins as unknown as Array<Json>).find((o) => (o.beneficiaries as Array<Json>).length > 0)
      if (origin) return origin
    }
    throw new Error("La población de demostración no tiene cargas")
  }

  it("getSubscriptionById answers the plan, coverage, policy and its titulares with their cargas; an unknown one is a 404", async () => {
    const origin = await withCargas()
    const { status, json } = await get(`/api/contractor/getSubscriptionById/${String(origin.subscription_id)}`)
    expect(status).toBe(200)
    expect(json).toMatchObject({ subscription_id: origin.subscription_id, name: (origin.product as Json).name, startDate: (origin.dates as Json).init })
    const insured = json.insured as unknown as Array<Json>
    expect(insured.map((i) => i.rut)).toContain((origin.insured as Json).rut)
    expect(insured.flatMap((i) => (i.beneficiaries as Array<Json>).map((b) => b.id)).sort()).toEqual(
      (origin.beneficiaries as Array<Json>).map((b) => b.id).sort()
    )
    expect((await get("/api/contractor/getSubscriptionById/2000000000")).status).toBe(404)
    expect((await get("/api/contractor/getSubscriptionById/abc")).status).toBe(400)
  })

  it("an operator removes a carga with a JSON body on a DELETE; removing it twice is not an error", async () => {
    const origin = await withCargas()
    const detail = await get(`/api/contractor/getSubscriptionById/${String(origin.subscription_id)}`)
    const titular = (detail.json.insured as unknown as Array<Json>).find((i) => (i.beneficiaries as Array<Json>).length > 0)!
    const carga = (titular.beneficiaries as Array<Json>)[0]!
    // The subscription number as text, as the client's state may hold it.
    const body = { insured_id: titular.id, beneficiary_id: carga.id, subscription_id: String(origin.subscription_id) }
    const first = await call("DELETE", "/api/lead/removeBeneficiary", body)
    expect(first.status, JSON.stringify(first.json)).toBe(200)
    expect(first.json).toMatchObject({ beneficiary_id: carga.id, insured_id: body.insured_id, subscription_id: origin.subscription_id, removed: true })
    const second = await call("DELETE", "/api/lead/removeBeneficiary", body)
    expect(second.status).toBe(200)
    expect(second.json).toMatchObject({ beneficiary_id: carga.id, removed: false })
    const after = await get(`/api/contractor/getSubscriptionById/${String(origin.subscription_id)}`)
    const ids = (after.json.insured as unknown as Array<Json>).flatMap((i) => (i.beneficiaries as Array<Json>).map((b) => b.id))
    expect(ids).not.toContain(carga.id)
    const unknown = await call("DELETE", "/api/lead/removeBeneficiary", { ...body, subscription_id: 2_000_000_000 })
    expect(unknown.status).toBe(404)
  })
})

describe("lead/removeBeneficiary on a subscription of several titulares, as the original client calls it", () => {
  it("takes off a carga of another titular: the client lists every carga under the origin's first titular and names that one", async () => {
    // A subscription of the demo population with more than one titular.
    const [found] = await server.sql(
      (sql) => sql<{ subscription_id: number; customer_id: string }>`SELECT l.subscription_id, l.customer_id::text AS customer_id FROM lead l
        WHERE (SELECT count(*) FROM lead_insured li WHERE li.lead_id = l.id) > 1 ORDER BY l.subscription_id LIMIT 1`
    )
    const originOf = async () => {
      const { json } = await get(`/api/contractor/getCustomerById/${found!.customer_id}`)
      return (json.origins as unknown as Array<Json>).find((o) => o.subscription_id === found!.subscription_id)!
    }
    const origin = await originOf()
    const first = (origin.insured as Json).id as string
    const detail = await get(`/api/contractor/getSubscriptionById/${String(found!.subscription_id)}`)
    const other = (detail.json.insured as unknown as Array<Json>).find((i) => i.id !== first)!
    const added = await post("/api/lead/addBeneficiary", {
      insured_id: other.id,
      subscription_id: found!.subscription_id,
      beneficiary_data: { rut: Rut.format(rutOf(16_456_789)), name: "Tomás", paternalLastName: "Vera", relationship: "Hijo/a" }
    })
    expect(added.status, JSON.stringify(added.json)).toBe(200)
    const carga = added.json.beneficiary_id as string
    expect(((await originOf()).beneficiaries as Array<Json>).map((b) => b.id)).toContain(carga)

    // The original's beneficiaryStore: the origin's titular, the carga it listed, the subscription.
    const body = { insured_id: first, beneficiary_id: carga, subscription_id: found!.subscription_id }
    const removed = await call("DELETE", "/api/lead/removeBeneficiary", body)
    expect(removed.status, JSON.stringify(removed.json)).toBe(200)
    expect(removed.json).toMatchObject({ beneficiary_id: carga, insured_id: other.id, removed: true })
    expect(((await originOf()).beneficiaries as Array<Json>).map((b) => b.id)).not.toContain(carga)
    expect((await call("DELETE", "/api/lead/removeBeneficiary", body)).json).toMatchObject({ beneficiary_id: carga, removed: false })

    // A titular the subscription does not cover is a 404, as in addBeneficiary.
    const outsider = await call("DELETE", "/api/lead/removeBeneficiary", { ...body, insured_id: "7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e41" })
    expect(outsider.status).toBe(404)
    expect(outsider.json.message).toBe("El titular no pertenece a la suscripción")
  })
})

describe("Palma's own: lead/addBeneficiary and insured/subscriptions", () => {
  const firstOrigin = async () => {
    const customers = await search("customer", "records=1")
    const { json } = await get(`/api/contractor/getCustomerById/${customers.data[0]!.id}`)
    return (json.origins as unknown as Array<Json>)[0]!
  }

  it("an operator adds a carga to a titular of a subscription in the original's body; adding it twice keeps one link", async () => {
    const origin = await firstOrigin()
    const titular = origin.insured as Json
    const body = {
      insured_id: titular.id,
      subscription_id: String(origin.subscription_id),
      beneficiary_data: { rut: Rut.format(rutOf(16_345_678)), name: "Amanda", paternalLastName: "Rojas", relationship: "Hijo/a" }
    }
    const first = await post("/api/lead/addBeneficiary", body)
    expect(first.status, JSON.stringify(first.json)).toBe(200)
    expect(first.json).toMatchObject({ subscription_id: origin.subscription_id, insured_id: titular.id, beneficiary_id: expect.any(String) })
    expect((await post("/api/lead/addBeneficiary", body)).json).toEqual(first.json)
    const detail = await get(`/api/contractor/getSubscriptionById/${String(origin.subscription_id)}`)
    const cargas = (detail.json.insured as unknown as Array<Json>).find((i) => i.id === titular.id)!.beneficiaries as Array<Json>
    expect(cargas.filter((b) => b.id === first.json.beneficiary_id)).toMatchObject([{ name: "Amanda", relationship: "Hijo/a" }])
    expect((await post("/api/lead/addBeneficiary", { ...body, insured_id: "7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e41" })).status).toBe(404)
    expect((await post("/api/lead/addBeneficiary", { ...body, subscription_id: 2_000_000_000 })).status).toBe(404)
  })

  it("insured/subscriptions answers the titular and the subscriptions covering them, with coverage; an unknown one is a 404", async () => {
    const found = (await search("insured", "records=1")).data[0]!
    const { status, json } = await get(`/api/insured/subscriptions/${found.id}`)
    expect(status).toBe(200)
    expect((json.insured as Json).rut).toBe(found.rut)
    const subscriptions = json.subscriptions as unknown as Array<Json>
    expect(subscriptions.length).toBeGreaterThanOrEqual(found.products)
    for (const s of subscriptions) expect((s.insured as Array<Json>).map((i) => i.id)).toContain(found.id)
    expect((subscriptions[0]!.assistances as Array<Json>).length).toBeGreaterThan(0)
    expect((await get("/api/insured/subscriptions/7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e41")).status).toBe(404)
  })
})

describe("retail/getCustomersByRetailIdAndProductId and user/getByIds", () => {
  it("a channel's plan lists who it covers today, with the original's camel-cased names", async () => {
    const retails = (await get("/api/retail/getProductsAndRetail")).json as unknown as Array<{ id: string; products: Array<{ productplan_id: string }> }>
    const rows = (
      await Promise.all(
        retails.flatMap((r) =>
          r.products.map(async (p) => (await get(`/api/retail/getCustomersByRetailIdAndProductId/${r.id}/${p.productplan_id}`)).json as unknown as Array<Json>)
        )
      )
    ).flat()
    expect(rows.length).toBeGreaterThan(0)
    const today = new Date().toISOString().slice(0, 10)
    for (const row of rows.slice(0, 50)) {
      expect(row).toMatchObject({
        customer_rut: expect.stringMatching(/\./),
        customer_name: expect.any(String),
        customer_paternalLastName: expect.any(String),
        customer_maternalLastName: expect.any(String),
        insured_rut: expect.stringMatching(/\./),
        initialDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)
      })
      expect(String(row.endDate) >= today).toBe(true)
    }
  })

  it("user/getByIds answers staff names in the original's envelope; unknown ids are left out, none is []", async () => {
    const me = (await get("/api/auth/me")).json as Json
    const userId = String(me.userId)
    const { status, json } = await post("/api/user/getByIds", { ids: [userId, "user_desconocido"] })
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json).toEqual({ success: true, data: [{ id: userId, first_name: "Olga", last_name: "Operadora" }] })
    expect((await post("/api/user/getByIds", { ids: [] })).json).toEqual({ success: true, data: [] })
    expect((await post("/api/user/getByIds", { ids: "x" })).status).toBe(400)
  })
})
