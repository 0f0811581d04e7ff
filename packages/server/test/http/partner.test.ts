import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Rut } from "@palma/core"
import { demoTokens } from "../support/api.js"
import { rutOf } from "../support/catalogFixture.js"
import { rawApi, specialtyNamed as specialtyOf, type SpecialtyRow } from "../support/providers.js"
import { type RunningServer, startServer } from "../support/startServer.js"

/**
 * Partners as the original client uses them (reference §8, partnerStore and its screens): raw
 * JSON in its spelling (`legalrepresentative`, comunas by name), the fields it reads; and the demo
 * providers a fresh start has.
 */

let server: RunningServer
let tokens: Awaited<ReturnType<typeof demoTokens>>

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
})
afterAll(() => server?.stop())

type Json = Record<string, unknown>
type Specialty = SpecialtyRow

const { call, raw } = rawApi(
  () => server.url,
  () => tokens.admin
)
const specialtyNamed = (name: string) => specialtyOf(call, name)

/** The original client's partner state (partnerStore's initialData), filled as PartnerForm does. */
const state = (rut: string, overrides: Json = {}) => ({
  id: "",
  rut: Rut.format(rut),
  name: "Cerrajería Ñandú Ltda.",
  legalrepresentative: "Tomás Ibáñez Rojas",
  line: "Cerrajería",
  address: "Av. Grecia 1200",
  district: "Ñuñoa",
  email: "contacto@nandu.cl",
  phone: "222334455",
  specialties: [] as unknown[],
  ...overrides
})

/** The fields the original client reads of a partner in a list. */
const listFields = ["id", "rut", "name", "legalrepresentative", "line", "address", "district", "email", "phone"]

describe("partners, as the original client calls them", () => {
  it("getByRut of an unknown RUT answers 200 null; create from the form's state; every read the screens make", async () => {
    const rut = rutOf(76_431_987)
    const miss = await raw("GET", `/partner/getByRut/${Rut.format(rut)}`, undefined, tokens.user)
    expect(miss.status).toBe(200)
    expect(miss.text).toBe("null")

    const cerrajeria = await specialtyNamed("Cerrajería")
    const created = await call<Json>("POST", "/partner/create", state(rut, { specialties: [cerrajeria], isActive: false }))
    const expected = {
      rut: Rut.format(rut),
      name: "Cerrajería Ñandú Ltda.",
      legalrepresentative: "Tomás Ibáñez Rojas",
      line: "Cerrajería",
      address: "Av. Grecia 1200",
      district: "Ñuñoa",
      district_id: "13120",
      email: "contacto@nandu.cl",
      phone: "222334455",
      isActive: true,
      specialties: [{ id: cerrajeria.id, name: "Cerrajería", family_id: cerrajeria.family_id, family_name: cerrajeria.family_name }]
    }
    expect(created).toMatchObject(expected)
    expect(await call("GET", `/partner/getByRut/${Rut.format(rut)}`, undefined, tokens.user)).toMatchObject({ id: created.id, ...expected })
    expect(await call("GET", `/partner/getById/${String(created.id)}`, undefined, tokens.moderator)).toMatchObject(expected)

    const lists = [
      "/partner/getAll",
      `/partner/getBySpecialtyId/${cerrajeria.id}`,
      `/partner/getByFamilyId/${cerrajeria.family_id}`,
      `/partner/getByName/${encodeURIComponent("nandu")}`,
      `/partner/getByName/${encodeURIComponent("CERRAJERÍA ñan")}`
    ]
    for (const path of lists) {
      const rows = await call<ReadonlyArray<Json>>("GET", path, undefined, tokens.user)
      const row = rows.find((p) => p.id === created.id)
      expect(row, path).toBeDefined()
      for (const field of listFields) expect(row, `${path} ${field}`).toHaveProperty(field)
      expect(row).toMatchObject({ rut: Rut.format(rut), district: "Ñuñoa" })
    }
    const families = await call<ReadonlyArray<Specialty>>("GET", "/partner/getFamilies", undefined, tokens.user)
    expect(families).toContainEqual({ id: cerrajeria.id, name: "Cerrajería", family_id: cerrajeria.family_id, family_name: cerrajeria.family_name })
  })

  it("getByAssistance answers the active partners with a specialty that performs the service", async () => {
    const vidrieria = await specialtyNamed("Vidriería")
    const service = await call<{ id: string }>("POST", "/assistance/create", {
      family_id: vidrieria.family_id,
      name: "Cambio de ventanal",
      specialties: [vidrieria.id]
    })
    const yes = await call<{ id: string }>("POST", "/partner/create", state(rutOf(76_431_001), { name: "Ventanales Uno", specialties: [vidrieria] }))
    const gone = await call<{ id: string }>("POST", "/partner/create", state(rutOf(76_431_002), { name: "Ventanales Dos", specialties: [vidrieria] }))
    const other = await call<{ id: string }>(
      "POST",
      "/partner/create",
      state(rutOf(76_431_003), { name: "Otra Cosa", specialties: [await specialtyNamed("Grúa")] })
    )
    await call("DELETE", `/partner/deletePartner/${gone.id}`)
    const found = (await call<ReadonlyArray<Json>>("GET", `/partner/getByAssistance/${service.id}`, undefined, tokens.user)).map((p) => p.id)
    expect(found).toContain(yes.id)
    expect(found).not.toContain(gone.id)
    expect(found).not.toContain(other.id)
  })

  it("create is an upsert by RUT (dots or not); deletePartner deactivates; writes are admin only; unknown RUT and comuna are refused", async () => {
    const grua = await specialtyNamed("Grúa")
    const rut = rutOf(77_888_999)
    const first = await call<Json>("POST", "/partner/create", state(rut, { specialties: [grua.id] }))
    const again = await call<Json>("POST", "/partner/create", state(rut, { rut, name: "Grúas Ñandú SpA", district: "13101", specialties: [{ id: grua.id }] }))
    expect(again).toMatchObject({ id: first.id, name: "Grúas Ñandú SpA", district: "Santiago", district_id: "13101" })
    expect((await call<ReadonlyArray<Json>>("GET", "/partner/getAll")).filter((p) => p.rut === Rut.format(rut))).toHaveLength(1)

    for (const token of [tokens.user, tokens.moderator]) {
      expect((await raw("POST", "/partner/create", state(rut, { specialties: [grua.id] }), token)).status).toBe(403)
      expect((await raw("DELETE", `/partner/deletePartner/${String(first.id)}`, undefined, token)).status).toBe(403)
    }
    expect(await call("DELETE", `/partner/deletePartner/${String(first.id)}`)).toMatchObject({ id: first.id, isActive: false })
    expect((await call<ReadonlyArray<Json>>("GET", "/partner/getAll")).map((p) => p.id)).not.toContain(first.id)
    expect((await raw("DELETE", `/partner/deletePartner/${String(first.id)}`)).status).toBe(404)
    expect(await call("POST", "/partner/create", state(rut, { specialties: [grua.id] }))).toMatchObject({ id: first.id, isActive: true })

    const badRut = await raw("POST", "/partner/create", state("76.431.987-1", { specialties: [grua.id] }))
    expect(badRut.status).toBe(400)
    const badComuna = await raw("POST", "/partner/create", state(rutOf(76_431_004), { district: "Gotham", specialties: [grua.id] }))
    expect(badComuna.status).toBe(400)
    expect((badComuna.json as { issues: unknown[] }).issues).toContainEqual({ path: ["district"], message: "La comuna no existe en la lista oficial" })
    const noSpecialty = await raw("POST", "/partner/create", state(rutOf(76_431_004)))
    expect((noSpecialty.json as { issues: unknown[] }).issues).toContainEqual({ path: ["specialties"], message: "Indique al menos una especialidad" })
  })

  it("Palma's page filters by specialty and state and searches by name or RUT", async () => {
    const pintura = await specialtyNamed("Pintura")
    const a = await call<{ id: string }>("POST", "/partner/create", state(rutOf(78_123_001), { name: "Pinturas Ñielol", specialties: [pintura] }))
    const b = await call<{ id: string }>("POST", "/partner/create", state(rutOf(78_123_002), { name: "Pinturas Bío Bío", specialties: [pintura] }))
    await call("DELETE", `/partner/deletePartner/${b.id}`)
    const page = async (query: string) =>
      (await call<{ items: ReadonlyArray<{ id: string }>; total: number }>("GET", `/partner/page?${query}`, undefined, tokens.user)).items.map((p) => p.id)
    const active = await page(`specialty_id=${pintura.id}&search=pinturas`)
    expect(active).toContain(a.id)
    expect(active).not.toContain(b.id)
    expect(await page(`specialty_id=${pintura.id}&search=pinturas&active=all`)).toEqual(expect.arrayContaining([a.id, b.id]))
    expect(await page(`search=nielol`)).toEqual([a.id])
    expect(await page(`search=${encodeURIComponent("78.123.00")}&active=false`)).toEqual([b.id])
  })
})

describe("the demo providers of a fresh start", () => {
  it("has about 60 specialists over real comunas, some remote, and about 15 partners, all with valid RUTs", async () => {
    const specialists = await call<{ items: ReadonlyArray<Json>; total: number }>("GET", "/specialist/page?pageSize=200")
    expect(specialists.total).toBeGreaterThanOrEqual(55)
    const remote = specialists.items.filter((s) => s.isRemote)
    expect(remote.length).toBeGreaterThan(0)
    expect(remote.length).toBeLessThan(specialists.total / 2)
    expect(specialists.items.filter((s) => !s.isRemote).every((s) => (s.districtCount as number) > 0)).toBe(true)
    const partners = await call<{ items: ReadonlyArray<Json>; total: number }>("GET", "/partner/page?pageSize=200")
    expect(partners.total).toBeGreaterThanOrEqual(15)
    for (const provider of [...specialists.items, ...partners.items]) {
      expect(Rut.isValid(String(provider.rut)), String(provider.rut)).toBe(true)
      expect(provider.district).not.toBe("")
      expect((provider.specialties as unknown[]).length).toBeGreaterThan(0)
    }
  })
})
