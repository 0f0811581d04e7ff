import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Call } from "@palma/core"
import { type RunningServer, startServer } from "../support/startServer.js"
import { clientAs, demoTokens, statusOf } from "../support/api.js"

let server: RunningServer
let admin: Call
let operador: Call
let anonymous: Call

beforeAll(async () => {
  server = await startServer()
  const tokens = await demoTokens(server.url)
  admin = clientAs(server.url, tokens.admin)
  operador = clientAs(server.url, tokens.user)
  anonymous = clientAs(server.url)
})
afterAll(() => server?.stop())

describe("districts", () => {
  it("lists Chile's 346 comunas sorted by name, with their region", async () => {
    const districts = await operador((c) => c.district.listAll())
    expect(districts).toHaveLength(346)
    const names = districts.map((d) => d.district_name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "es-CL")))
    expect(districts.find((d) => d.id === "13101")).toMatchObject({ district_name: "Santiago", region_name: expect.stringContaining("Metropolitana") })
    expect(await operador((c) => c.district.listRegions())).toHaveLength(16)
  })
})

describe("family", () => {
  it("is created, updated and deleted (deactivated) by an admin", async () => {
    const created = await admin((c) => c.family.create({ payload: { name: "Hogar Premium" } }))
    expect(created).toMatchObject({ name: "Hogar Premium", isActive: true })

    const updated = await admin((c) => c.family.update({ path: { id: created.id }, payload: { name: "Hogar Plus" } }))
    expect(updated.name).toBe("Hogar Plus")
    expect((await operador((c) => c.family.getById({ path: { id: created.id } }))).name).toBe("Hogar Plus")

    const deleted = await admin((c) => c.family.delete({ path: { id: created.id } }))
    expect(deleted.isActive).toBe(false)
    const list = await operador((c) => c.family.list({ urlParams: {} }))
    expect(list.map((f) => f.id)).not.toContain(created.id)
    expect(await statusOf(operador((c) => c.family.getById({ path: { id: created.id } })))).toBe(404)
  })

  it("refuses a duplicate active name (any case) with a Spanish 409, and allows it once the first is deleted", async () => {
    const error = await admin((c) => c.family.create({ payload: { name: "hogar" } })).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 409, message: "Ya existe una familia activa con ese nombre" })

    const temp = await admin((c) => c.family.create({ payload: { name: "Temporal" } }))
    await admin((c) => c.family.delete({ path: { id: temp.id } }))
    const again = await admin((c) => c.family.create({ payload: { name: "Temporal" } }))
    expect(again.id).not.toBe(temp.id)
  })

  it("answers 404 for unknown ids and 400 for malformed ones", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000"
    expect(await statusOf(admin((c) => c.family.update({ path: { id: unknown }, payload: { name: "X" } })))).toBe(404)
    expect(await statusOf(admin((c) => c.family.delete({ path: { id: unknown } })))).toBe(404)
    const bad = await fetch(`${server.url}/api/family/getById/not-a-uuid`, {
      headers: { authorization: `Bearer ${(await demoTokens(server.url)).user}` }
    })
    expect(bad.status).toBe(400)
  })

  it("is read-only for an operador (403) and closed without a token (401)", async () => {
    expect(await statusOf(operador((c) => c.family.create({ payload: { name: "Nueva" } })))).toBe(403)
    expect(await statusOf(anonymous((c) => c.family.list({ urlParams: {} })))).toBe(401)
  })

  it("pages, sorts and searches on the server", async () => {
    const page = await operador((c) => c.family.page({ urlParams: { pageSize: 2, page: 1, sort: "name", order: "desc" } }))
    expect(page.items).toHaveLength(2)
    expect(page.total).toBeGreaterThanOrEqual(6)
    expect(page.items[0]!.name.localeCompare(page.items[1]!.name, "es")).toBeGreaterThan(0)
    const search = await operador((c) => c.family.page({ urlParams: { search: "masc" } }))
    expect(search.items.map((f) => f.name)).toEqual(["Mascotas"])
  })
})

describe("specialty", () => {
  it("belongs to an active family and is unique by name within it", async () => {
    const families = await operador((c) => c.family.list({ urlParams: {} }))
    const hogar = families.find((f) => f.name === "Hogar")!
    const salud = families.find((f) => f.name === "Salud")!
    const created = await admin((c) =>
      c.specialty.create({ payload: { family_id: hogar.id, name: "Techumbre", description: "Reparación de techos" } })
    )
    expect(created).toMatchObject({ family_id: hogar.id, family_name: "Hogar", name: "Techumbre" })
    expect(await statusOf(admin((c) => c.specialty.create({ payload: { family_id: hogar.id, name: "TECHUMBRE", description: "" } })))).toBe(409)
    // The same name in another family is fine.
    await admin((c) => c.specialty.create({ payload: { family_id: salud.id, name: "Techumbre", description: "" } }))

    const moved = await admin((c) => c.specialty.update({ path: { id: created.id }, payload: { family_id: salud.id, name: "Techos", description: "" } }))
    expect(moved.family_name).toBe("Salud")

    const inHogar = await operador((c) => c.specialty.list({ urlParams: { family_id: hogar.id } }))
    expect(inHogar.every((s) => s.family_id === hogar.id)).toBe(true)
    expect(inHogar.map((s) => s.name)).toContain("Gasfitería")

    const missingFamily = await admin((c) =>
      c.specialty.create({ payload: { family_id: "00000000-0000-4000-8000-000000000000", name: "X", description: "" } })
    ).catch((e: unknown) => e)
    expect(missingFamily).toMatchObject({ status: 404, message: "La familia indicada no existe o está inactiva" })

    await admin((c) => c.specialty.delete({ path: { id: created.id } }))
    expect(await statusOf(operador((c) => c.specialty.getById({ path: { id: created.id } })))).toBe(404)
  })
})

describe("stage", () => {
  it("keeps the seeded codes in order and refuses renaming a seeded code", async () => {
    const stages = await operador((c) => c.stage.list({ urlParams: {} }))
    expect(stages.map((s) => s.code).slice(0, 5)).toEqual(["applicant", "insured", "product", "event", "attachment"])
    const close = stages.find((s) => s.code === "close")!
    expect(await statusOf(admin((c) => c.stage.update({ path: { id: close.id }, payload: { code: "cerrado", name: "Cerrado", number: 12 } })))).toBe(409)
    const renamed = await admin((c) => c.stage.update({ path: { id: close.id }, payload: { code: "close", name: "Cierre", number: close.number } }))
    expect(renamed.name).toBe("Cierre")
  })
})

describe("validation", () => {
  const post = async (path: string, body: string) => {
    const tokens = await demoTokens(server.url)
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.admin}`, "content-type": "application/json" },
      body
    })
    return { status: response.status, body: (await response.json()) as { _tag: string; message: string; issues: unknown[] } }
  }

  it("trims input on the server", async () => {
    const { status, body } = await post("/api/family/create", JSON.stringify({ name: "  Recorte  " }))
    expect(status).toBe(201)
    expect(body).toMatchObject({ name: "Recorte" })
  })

  it("answers 400 with Spanish field messages, for every problem at once", async () => {
    const { status, body } = await post("/api/specialty/create", JSON.stringify({ family_id: "x", name: "   ", extra: true }))
    expect(status).toBe(400)
    expect(body._tag).toBe("BadRequest")
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: ["family_id"], message: "Identificador inválido" },
        { path: ["name"], message: "Este campo es obligatorio" },
        { path: ["extra"], message: "Campo no permitido" }
      ])
    )
  })

  it("answers a JSON body sent without its length (chunked) with a 400, never a hung request", async () => {
    const tokens = await demoTokens(server.url)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ name: "x".repeat(2_000_000) })))
        controller.close()
      }
    })
    const response = await fetch(`${server.url}/api/family/create`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.admin}`, "content-type": "application/json" },
      body,
      duplex: "half"
    } as RequestInit)
    expect(response.status).toBe(400)
  })

  it("answers 400 for a body that is not JSON", async () => {
    const { status, body } = await post("/api/family/create", "{nope")
    expect(status).toBe(400)
    expect(body.message).toBe("El cuerpo de la solicitud no es JSON válido")
  })
})
