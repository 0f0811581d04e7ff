import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Call } from "@palma/core"
import { clientAs, demoTokens } from "../support/api.js"
import { send } from "../security/http.js"
import { type RunningServer, startServer } from "../support/startServer.js"

/**
 * DESIGN §4 "Referential integrity" over HTTP: a row still used is not deleted (409 naming what
 * uses it, with counts), keyed seeded rows are never deleted, and deleted rows are listed and
 * restored by an admin.
 */

let server: RunningServer
let admin: Call
let tokens: Record<"admin" | "user", string>

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
  admin = clientAs(server.url, tokens.admin)
})
afterAll(() => server?.stop())

const failure = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ status: 0, message: `succeeded: ${JSON.stringify(value)}` }),
    (error: { status: number; message: string }) => ({ status: error.status, message: error.message })
  )

const familyNamed = async (name: string) => (await admin((c) => c.family.list({ urlParams: {} }))).find((f) => f.name === name)!

describe("deleting a row that others use", () => {
  it("Hogar, used by specialties, documents, values, services and products: 409 naming each with its count, and nothing changes", async () => {
    const hogar = await familyNamed("Hogar")
    const before = await send(server.url, "GET", `/api/family/get/${hogar.id}`, { token: tokens.admin })

    const refused = await send(server.url, "DELETE", `/api/family/delete/${hogar.id}`, { token: tokens.admin })
    expect(refused.status).toBe(409)
    expect(refused.json).toMatchObject({ _tag: "Conflict" })
    expect((refused.json as { message: string }).message).toMatch(
      /^No se puede eliminar la familia: se usa en \d+ especialidades, \d+ documentos, \d+ valores, \d+ servicios y \d+ productos$/
    )

    const after = await send(server.url, "GET", `/api/family/get/${hogar.id}`, { token: tokens.admin })
    expect(after.json).toEqual(before.json)
    expect(after.headers.get("etag")).toBe(before.headers.get("etag"))
    expect((await admin((c) => c.family.list({ urlParams: {} }))).map((f) => f.id)).toContain(hogar.id)
  })

  it("counts exactly, in singular and plural, and lets the family go once nothing uses it", async () => {
    const family = await admin((c) => c.family.create({ payload: { name: "Familia con uso" } }))
    const specialty = await admin((c) => c.specialty.create({ payload: { family_id: family.id, name: "Única", description: "" } }))
    const documents = await Promise.all(
      ["Primero", "Segundo"].map((name) => admin((c) => c.document.create({ payload: { family_id: family.id, name, description: "" } })))
    )
    expect(await failure(admin((c) => c.family.delete({ path: { id: family.id } })))).toEqual({
      status: 409,
      message: "No se puede eliminar la familia: se usa en 1 especialidad y 2 documentos"
    })

    // Deleted rows do not count.
    await admin((c) => c.specialty.delete({ path: { id: specialty.id } }))
    for (const document of documents) await admin((c) => c.document.delete({ path: { id: document.id } }))
    expect(await admin((c) => c.family.delete({ path: { id: family.id } }))).toMatchObject({ id: family.id, isActive: false })
  })

  it("a value type used by values, and a value used by a service, cannot go", async () => {
    const type = await admin((c) => c.valueType.create({ payload: { code: "Z", name: "Zeta", description: "" } }))
    const hogar = await familyNamed("Hogar")
    await admin((c) => c.value.create({ payload: { family_id: hogar.id, valuetype_code: "Z", name: "Valor zeta", description: "" } }))
    expect(await failure(admin((c) => c.valueType.delete({ path: { id: type.id } })))).toEqual({
      status: 409,
      message: "No se puede eliminar el tipo de valor: se usa en 1 valor"
    })

    const used = (await admin((c) => c.value.list({ urlParams: { family_id: hogar.id } }))).find((v) => v.name === "Tipo de vivienda")!
    const refused = await failure(admin((c) => c.value.delete({ path: { id: used.id } })))
    expect(refused.status).toBe(409)
    expect(refused.message).toMatch(/^No se puede eliminar el valor: se usa en \d+ servicios$/)
  })

  it("a specialty that an active specialist or partner does: 409 counting them; a deactivated one no longer counts", async () => {
    const family = await admin((c) => c.family.create({ payload: { name: "Familia de oficios" } }))
    const specialty = await admin((c) => c.specialty.create({ payload: { family_id: family.id, name: "Oficio único", description: "" } }))
    const post = (path: string, body: unknown) => send(server.url, "POST", path, { token: tokens.admin, body: JSON.stringify(body) })
    const specialist = await post("/api/specialist/create", {
      rut: "15.432.876-9",
      name: "Rosa",
      paternalLastName: "Núñez",
      maternalLastName: "Araya",
      specialties: [{ id: specialty.id }],
      districts: [],
      isRemote: true
    })
    expect(specialist.status).toBe(200)
    expect((await post("/api/partner/create", { rut: "76.543.210-3", name: "Alianza Oficios", specialties: [{ id: specialty.id }] })).status).toBe(200)
    expect(await failure(admin((c) => c.specialty.delete({ path: { id: specialty.id } })))).toEqual({
      status: 409,
      message: "No se puede eliminar la especialidad: se usa en 1 especialista y 1 alianza"
    })
    const specialistId = (specialist.json as { id: string }).id
    expect((await send(server.url, "DELETE", `/api/specialist/deleteById/${specialistId}`, { token: tokens.admin })).status).toBe(200)
    expect(await failure(admin((c) => c.specialty.delete({ path: { id: specialty.id } })))).toEqual({
      status: 409,
      message: "No se puede eliminar la especialidad: se usa en 1 alianza"
    })
  })
})

describe("seeded rows the logic keys on", () => {
  it("the stage Descuento IMED cannot be deleted (409 in Spanish) and stays active; a stage of the admin's own can", async () => {
    const imed = (await admin((c) => c.stage.list({ urlParams: {} }))).find((s) => s.code === "imed")!
    const refused = await failure(admin((c) => c.stage.delete({ path: { id: imed.id } })))
    expect(refused.status).toBe(409)
    expect(refused.message).toMatch(/^La etapa «Descuento IMED» es del sistema y no se puede eliminar/)
    expect((await admin((c) => c.stage.getById({ path: { id: imed.id } }))).isActive).toBe(true)

    const own = await admin((c) => c.stage.create({ payload: { name: "Revisión extra" } }))
    expect((await admin((c) => c.stage.delete({ path: { id: own.id } }))).isActive).toBe(false)
  })

  it("nor a seeded procedure or value type", async () => {
    const refund = (await admin((c) => c.procedure.list({ urlParams: {} }))).find((p) => p.code === "refund")!
    expect((await failure(admin((c) => c.procedure.delete({ path: { id: refund.id } })))).status).toBe(409)
    const date = (await admin((c) => c.valueType.list({ urlParams: {} }))).find((t) => t.code === "D")!
    expect(await failure(admin((c) => c.valueType.delete({ path: { id: date.id } })))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/^El tipo de valor «Fecha» es del sistema/)
    })
  })
})

describe("deleted rows: listed and restored by an admin", () => {
  it("a deleted family is in /deleted (paged, searched), and restoring brings it back", async () => {
    const family = await admin((c) => c.family.create({ payload: { name: "Restaurable" } }))
    await admin((c) => c.family.delete({ path: { id: family.id } }))
    const deleted = await admin((c) => c.family.deleted({ urlParams: { search: "restaurable" } }))
    expect(deleted).toMatchObject({ total: 1, items: [{ id: family.id, name: "Restaurable", isActive: false }] })
    expect((await admin((c) => c.family.deleted({ urlParams: {} }))).items.every((f) => !f.isActive)).toBe(true)

    const restored = await send(server.url, "POST", `/api/family/restore/${family.id}`, { token: tokens.admin })
    expect(restored.status).toBe(200)
    expect(restored.json).toMatchObject({ id: family.id, isActive: true })
    expect(restored.headers.get("etag")).toMatch(/^"\d+"$/)
    expect((await admin((c) => c.family.list({ urlParams: {} }))).map((f) => f.id)).toContain(family.id)
    expect((await admin((c) => c.family.deleted({ urlParams: { search: "restaurable" } }))).total).toBe(0)
  })

  it("refuses (409) to restore a row whose name an active row took meanwhile, or that needs a deleted row", async () => {
    const first = await admin((c) => c.family.create({ payload: { name: "Repetida" } }))
    await admin((c) => c.family.delete({ path: { id: first.id } }))
    await admin((c) => c.family.create({ payload: { name: "repetida" } }))
    expect(await failure(admin((c) => c.family.restore({ path: { id: first.id } })))).toEqual({
      status: 409,
      message: "Ya existe una familia activa con ese nombre"
    })
    expect((await admin((c) => c.family.deleted({ urlParams: { search: "Repetida" } }))).items.map((f) => f.id)).toContain(first.id)

    const family = await admin((c) => c.family.create({ payload: { name: "Se irá" } }))
    const specialty = await admin((c) => c.specialty.create({ payload: { family_id: family.id, name: "Huérfana", description: "" } }))
    await admin((c) => c.specialty.delete({ path: { id: specialty.id } }))
    await admin((c) => c.family.delete({ path: { id: family.id } }))
    expect(await failure(admin((c) => c.specialty.restore({ path: { id: specialty.id } })))).toEqual({
      status: 409,
      message: "No se puede restaurar: la familia «Se irá» está eliminada; restáurela primero"
    })
    await admin((c) => c.family.restore({ path: { id: family.id } }))
    expect(await admin((c) => c.specialty.restore({ path: { id: specialty.id } }))).toMatchObject({ isActive: true })
  })

  it("catalog: a deleted product is listed by name and restored; an unknown id is a 404", async () => {
    const integral = (await admin((c) => c.product.getAll())).find((p) => p.name === "Asistencia Integral")!
    await admin((c) => c.product.delete({ path: { id: integral.id } }))
    const deleted = await admin((c) => c.product.deleted({ urlParams: { search: "integral" } }))
    expect(deleted.items).toEqual([{ id: integral.id, name: "Asistencia Integral", deletedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }])
    expect(await admin((c) => c.product.restore({ path: { id: integral.id } }))).toMatchObject({ id: integral.id, isActive: true })
    expect((await admin((c) => c.product.getAll())).map((p) => p.id)).toContain(integral.id)
    expect((await failure(admin((c) => c.product.restore({ path: { id: "00000000-0000-4000-8000-000000000000" } })))).status).toBe(404)
  })

  it("is for admins only: an operador gets 403 on /deleted and /restore", async () => {
    expect((await send(server.url, "GET", "/api/family/deleted", { token: tokens.user })).status).toBe(403)
    expect((await send(server.url, "POST", "/api/retail/restore/00000000-0000-4000-8000-000000000000", { token: tokens.user })).status).toBe(403)
  })
})
