import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Call } from "@palma/core"
import { type RunningServer, startServer } from "../support/startServer.js"
import { clientAs, demoTokens, statusOf } from "../support/api.js"
import { send } from "../security/http.js"

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
    const bad = await fetch(`${server.url}/api/family/get/not-a-uuid`, {
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

  it("searches without accents or case", async () => {
    await admin((c) => c.family.create({ payload: { name: "Climatización Ñuñoa" } }))
    for (const search of ["climatizacion", "ÑUÑOA", "nunoa"]) {
      const found = await operador((c) => c.family.page({ urlParams: { search } }))
      expect(
        found.items.map((f) => f.name),
        search
      ).toEqual(["Climatización Ñuñoa"])
    }
  })
})

describe("specialty", () => {
  it("belongs to an active family and is unique by name within it", async () => {
    const families = await operador((c) => c.family.list({ urlParams: {} }))
    const hogar = families.find((f) => f.name === "Hogar")!
    const salud = families.find((f) => f.name === "Salud")!
    const created = await admin((c) => c.specialty.create({ payload: { family_id: hogar.id, name: "Techumbre", description: "Reparación de techos" } }))
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
    expect(status).toBe(200)
    expect(body).toMatchObject({ name: "Recorte" })
  })

  it("answers 400 with Spanish field messages, for every problem at once; unknown fields are not problems", async () => {
    const { status, body } = await post("/api/specialty/create", JSON.stringify({ family_id: "x", name: "   ", extra: true }))
    expect(status).toBe(400)
    expect(body._tag).toBe("BadRequest")
    expect(body.issues).toEqual([
      { path: ["family_id"], message: "Identificador inválido" },
      { path: ["name"], message: "Este campo es obligatorio" }
    ])
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

/**
 * The original client's calls (reference §8 and the seed's CRUD slices), as it sends them: whole
 * state objects with fields Palma does not know, numbers as text, ids in the body. Judged on what
 * that client reads; the database must hold exactly what the permitted fields say.
 */
describe("the original client's master calls", () => {
  let token: string
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await send(server.url, method, `/api${path}`, { token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    expect(response.status, `${method} ${path}: ${response.text}`).toBe(200)
    return response.json as never
  }
  beforeAll(async () => {
    token = (await demoTokens(server.url)).admin
  })

  it("families: list, create from a state object, get, update with a stray id and isActive, delete", async () => {
    const list: Array<{ id: string; name: string }> = await call("GET", "/family/list")
    expect(list.every((f) => typeof f.id === "string" && typeof f.name === "string")).toBe(true)
    const created: { id: string; name: string } = await call("POST", "/family/create", { id: "", name: "Hogar Extra", icon: "", isActive: false })
    expect(created).toMatchObject({ name: "Hogar Extra", isActive: true })
    const other = list[0]!.id
    await call("PUT", `/family/update/${created.id}`, { id: other, name: "Hogar Extra 2", isActive: false })
    expect(await call("GET", `/family/get/${created.id}`)).toMatchObject({ id: created.id, name: "Hogar Extra 2", isActive: true })
    // The stray id in the body changed nothing else.
    expect(await call("GET", `/family/get/${other}`)).toMatchObject({ name: list[0]!.name })
    await call("DELETE", `/family/delete/${created.id}`)
    expect((await send(server.url, "GET", `/api/family/get/${created.id}`, { token })).status).toBe(404)
  })

  it("specialties and documents: every list the screens read, and writes from state objects", async () => {
    const [hogar] = (await call("GET", "/family/list")) as Array<{ id: string; name: string }>
    for (const [resource, all, byFamily] of [
      ["specialty", "getAllSpecialties", "getSpecialtiesByFamilyId"],
      ["document", "getAllDocuments", "getDocumentsByFamilyId"]
    ] as const) {
      const rows: Array<Record<string, unknown>> = await call("GET", `/${resource}/${all}`)
      expect(rows[0]).toEqual(
        expect.objectContaining({ id: expect.any(String), name: expect.any(String), family_id: expect.any(String), family_name: expect.any(String) })
      )
      const families: Array<{ family_id: string; family_name: string }> = await call("GET", `/${resource}/families`)
      expect(families.length).toBeGreaterThan(0)
      expect(families[0]).toEqual({ family_id: expect.any(String), family_name: expect.any(String) })
      const created: { id: string } = await call("POST", `/${resource}/create`, {
        id: "",
        name: "Compatible",
        family_id: hogar!.id,
        family_name: "otra",
        isActive: false
      })
      expect(await call("GET", `/${resource}/get/${created.id}`)).toMatchObject({
        name: "Compatible",
        family_id: hogar!.id,
        family_name: hogar!.name,
        isActive: true
      })
      await call("PUT", `/${resource}/update/${created.id}`, { id: created.id, name: "Compatible 2", family_id: hogar!.id, family_name: "x" })
      const inFamily: Array<{ name: string; family_id: string }> = await call("GET", `/${resource}/${byFamily}/${hogar!.id}`)
      expect(inFamily.every((r) => r.family_id === hogar!.id)).toBe(true)
      expect(inFamily.map((r) => r.name)).toContain("Compatible 2")
      await call("DELETE", `/${resource}/delete/${created.id}`)
    }
  })

  it("value types and values: named by code, updated with the id in the body", async () => {
    const type: { id: string } = await call("POST", "/valueType/create", { id: "", code: "b", name: "Booleano", description: "Sí o no", isActive: false })
    await call("PUT", "/valueType/updateById", { id: type.id, code: "B", name: "Sí/No", description: "Verdadero o falso" })
    const types: Array<Record<string, unknown>> = await call("GET", "/valueType/getAll")
    expect(types.find((t) => t.id === type.id)).toMatchObject({ code: "B", name: "Sí/No", description: "Verdadero o falso" })
    expect(await call("GET", `/valueType/getById/${type.id}`)).toMatchObject({ id: type.id, code: "B", name: "Sí/No", description: "Verdadero o falso" })

    const [family] = (await call("GET", "/family/list")) as Array<{ id: string; name: string }>
    const value: { id: string } = await call("POST", "/value/create", {
      id: "",
      family_id: family!.id,
      name: "¿Tiene alarma?",
      valuetype_code: "B",
      family: { id: "", icon: "", name: "" }
    })
    await call("PUT", "/value/updateById", { id: value.id, family_id: family!.id, name: "¿Tiene alarma? ", valuetype_code: "S", isActive: false })
    const read = { id: value.id, name: "¿Tiene alarma?", valuetype_code: "S", family: { id: family!.id, name: family!.name }, isActive: true }
    expect(await call("GET", `/value/getById/${value.id}`)).toMatchObject(read)
    expect(((await call("GET", "/value/getAll")) as Array<{ id: string }>).find((v) => v.id === value.id)).toMatchObject(read)
    expect(((await call("GET", `/value/getByFamilyId/${family!.id}`)) as Array<{ id: string }>).map((v) => v.id)).toContain(value.id)
    const families: Array<Record<string, unknown>> = await call("GET", "/value/getFamilies")
    expect(families).toContainEqual(expect.objectContaining({ id: family!.id, name: family!.name }))

    const unknownType = await send(server.url, "POST", "/api/value/create", {
      token,
      body: JSON.stringify({ family_id: family!.id, name: "X", valuetype_code: "Q" })
    })
    expect(unknownType.status).toBe(404)
    expect(unknownType.json).toMatchObject({ message: "El tipo de valor indicado no existe o está inactivo" })
  })

  it("stages: created from a name alone (code derived, placed last), listed by order with their codes", async () => {
    const before: Array<{ id: string; name: string; code: string }> = await call("GET", "/stage/getAll")
    const created: { id: string; code: string; number: number } = await call("POST", "/stage/create", { id: "", name: "Revisión médica" })
    expect(created).toMatchObject({ code: "revision_medica", name: "Revisión médica" })
    const again: { code: string } = await call("POST", "/stage/create", { name: "Revisión  Médica!" })
    expect(again.code).toBe("revision_medica_2")
    const after: Array<{ id: string; name: string; code: string }> = await call("GET", "/stage/getAll")
    expect(after.slice(0, before.length).map((s) => s.id)).toEqual(before.map((s) => s.id))
    expect(after.slice(-2).map((s) => s.name)).toEqual(["Revisión médica", "Revisión  Médica!"])
    await call("PUT", `/stage/update/${created.id}`, { id: created.id, name: "Revisión clínica" })
    expect(await call("GET", `/stage/get/${created.id}`)).toMatchObject({ name: "Revisión clínica", code: "revision_medica", number: created.number })
  })

  it("relationships, qualifications (best first) and procedures (with their stage code)", async () => {
    const relationships: Array<Record<string, unknown>> = await call("GET", "/relationship/getAll")
    expect(relationships.map((r) => r.name)).toContain("Cónyuge")
    const qualifications: Array<{ name: string; score: number }> = await call("GET", "/qualification/getAll")
    expect(qualifications.map((q) => q.score)).toEqual([...qualifications.map((q) => q.score)].sort((a, b) => b - a))
    const procedures: Array<{ id: string; name: string; code: string }> = await call("GET", "/procedure/getAll")
    const stages = new Set(((await call("GET", "/stage/getAll")) as Array<{ code: string }>).map((s) => s.code))
    expect(procedures.length).toBe(4)
    expect(procedures.every((p) => stages.has(p.code))).toBe(true)
  })

  it("comunas: every one with its id and name", async () => {
    const districts: Array<{ id: string; district_name: string }> = await call("GET", "/district/listAll")
    expect(districts).toHaveLength(346)
    expect(districts.find((d) => d.district_name === "Ñuñoa")).toMatchObject({ id: "13120" })
  })
})
