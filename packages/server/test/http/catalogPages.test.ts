import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Call } from "@palma/core"
import { clientAs, demoTokens } from "../support/api.js"
import { type RunningServer, startServer } from "../support/startServer.js"

let server: RunningServer
let operador: Call
let operadorToken: string

beforeAll(async () => {
  server = await startServer()
  operadorToken = (await demoTokens(server.url)).user
  operador = clientAs(server.url, operadorToken)
})
afterAll(() => server?.stop())

const ids = (rows: ReadonlyArray<{ readonly id: string }>) => rows.map((r) => r.id)

/** The catalog lists the seed only lists whole also page, sort and search on the server (Palma's `/page`). */
describe("catalog pages", () => {
  it("assistances: a page of the whole list, counted, sorted and filtered by family", async () => {
    const all = await operador((c) => c.assistance.getAll())
    expect(all.length).toBeGreaterThan(2)
    const first = await operador((c) => c.assistance.page({ urlParams: { pageSize: 2, page: 1, sort: "name" } }))
    const second = await operador((c) => c.assistance.page({ urlParams: { pageSize: 2, page: 2, sort: "name" } }))
    expect(first).toMatchObject({ total: all.length, page: 1, pageSize: 2 })
    expect(first.items).toHaveLength(2)
    expect(ids(first.items)).not.toContain(second.items[0]!.id)
    // Pages are consecutive slices of one order (the database's collation decides it).
    const four = await operador((c) => c.assistance.page({ urlParams: { pageSize: 4, page: 1, sort: "name" } }))
    expect(ids(four.items)).toEqual([...ids(first.items), ...ids(second.items)])

    const family = all[0]!.family_id
    const ofFamily = await operador((c) => c.assistance.page({ urlParams: { family_id: family, pageSize: 200 } }))
    expect(ofFamily.items.every((a) => a.family_id === family)).toBe(true)
    expect(ofFamily.total).toBe(all.filter((a) => a.family_id === family).length)

    const most = await operador((c) => c.assistance.page({ urlParams: { sort: "values", order: "desc", pageSize: 1 } }))
    expect(most.items[0]!.values.length).toBe(Math.max(...all.map((a) => a.values.length)))
  })

  it("assistances: search looks in name, family and description; wildcards are literal", async () => {
    const all = await operador((c) => c.assistance.getAll())
    const target = all[0]!
    const found = await operador((c) => c.assistance.page({ urlParams: { search: target.name.slice(0, 5).toUpperCase(), pageSize: 200 } }))
    expect(ids(found.items)).toContain(target.id)
    const none = await operador((c) => c.assistance.page({ urlParams: { search: "%" } }))
    expect(none).toMatchObject({ items: [], total: 0 })
    // Case and accents aside, both ways.
    const names = async (search: string) => (await operador((c) => c.assistance.page({ urlParams: { search, pageSize: 200 } }))).items.map((a) => a.name)
    expect(await names("grua")).toContain("Grúa")
    expect(await names("GASFITERÍA")).toContain("Gasfitería")
    expect(await names("mecanico")).toContain("Auxilio mecánico")
  })

  it("products: pages with their retails' plans, sorted by how many services they cover", async () => {
    const all = await operador((c) => c.product.getAll())
    const page = await operador((c) => c.product.page({ urlParams: { pageSize: 200, sort: "assistances", order: "desc" } }))
    expect(page.total).toBe(all.length)
    const counts = page.items.map((p) => p.assistances.length)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    // Each row is the product as getAll answers it, plans included.
    for (const product of page.items) expect(product).toEqual(all.find((p) => p.id === product.id))
    const named = await operador((c) => c.product.page({ urlParams: { search: all[0]!.name } }))
    expect(ids(named.items)).toContain(all[0]!.id)
  })

  it("retails: a search with digits finds RUTs written with or without dots, words find names", async () => {
    const all = await operador((c) => c.retail.getAll())
    const page = await operador((c) => c.retail.page({ urlParams: { pageSize: 2 } }))
    expect(page.total).toBe(all.length)
    expect(page.items).toHaveLength(Math.min(2, all.length))
    const target = all[0]!
    const rutDigits = target.rut.split("-")[0]!
    const dotted = `${rutDigits.slice(0, 2)}.${rutDigits.slice(2, 5)}`
    expect(ids((await operador((c) => c.retail.page({ urlParams: { search: dotted } }))).items)).toContain(target.id)
    const byName = await operador((c) => c.retail.page({ urlParams: { search: target.name.toLowerCase() } }))
    expect(ids(byName.items)).toContain(target.id)
    const byRutDesc = await operador((c) => c.retail.page({ urlParams: { sort: "rut", order: "desc", pageSize: 200 } }))
    expect(byRutDesc.items.map((r) => r.rut)).toEqual([...all.map((r) => r.rut)].sort().reverse())
  })

  it("refuses a page size beyond 200 in Spanish", async () => {
    const response = await fetch(`${server.url}/api/retail/page?pageSize=500`, { headers: { authorization: `Bearer ${operadorToken}` } })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain("Tamaño de página inválido")
  })
})
