import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Rut } from "@palma/core"
import { demoTokens } from "../support/api.js"
import { rutOf } from "../support/catalogFixture.js"
import { rawApi, specialtyNamed as specialtyOf, type SpecialtyRow } from "../support/providers.js"
import { type RunningServer, startServer } from "../support/startServer.js"

/**
 * Specialists as the original client uses them (reference §8, specialistStore and its screens):
 * raw JSON bodies in its spelling, the fields it reads, and Palma's rules on top (selection for a
 * case, upsert by RUT, deactivation, roles).
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

const { call, raw: status } = rawApi(
  () => server.url,
  () => tokens.admin
)
const specialtyNamed = (name: string) => specialtyOf(call, name)

/** The original client's empty state (specialistStore's initialData), filled as its form does. */
const state = (rut: string, overrides: Json = {}) => ({
  id: "",
  rut: Rut.format(rut),
  name: "Rosa",
  paternalLastName: "Ñúñez",
  maternalLastName: "Araya",
  birthDate: "1980-04-12",
  address: "Av. Irarrázaval 3450",
  district: "Ñuñoa",
  email: "rosa.nunez@correo.cl",
  phone: "987654321",
  districts: [] as unknown[],
  specialties: [] as unknown[],
  isRemote: false,
  ...overrides
})

/** The fields the original client reads of a specialist in a list. */
const listFields = ["id", "rut", "name", "paternalLastName", "maternalLastName", "address", "district", "email", "phone", "birthDate"]

describe("specialists, as the original client calls them", () => {
  it("getByRut of an unknown RUT answers 200 null (the screen prefills a new record); create from the form's state; every read", async () => {
    const rut = rutOf(15_432_876)
    const miss = await status("GET", `/specialist/getByRut/${Rut.format(rut)}`, undefined, tokens.user)
    expect(miss.status).toBe(200)
    expect(miss.text).toBe("null")

    const gasfiteria = await specialtyNamed("Gasfitería")
    const electricidad = await specialtyNamed("Electricidad")
    // As the client posts it: specialties as the rows it read, districts as `{id, …, district_name}` rows, extra keys.
    const created = await call<Json>(
      "POST",
      "/specialist/create",
      state(rut, {
        person_id: "",
        isActive: false,
        specialties: [gasfiteria, electricidad],
        districts: [
          { id: "13120", region_number: 0, region_name: "", province_name: "", district_name: "Ñuñoa" },
          { id: "13123", district_name: "Providencia" }
        ]
      })
    )
    const expected = {
      rut: Rut.format(rut),
      name: "Rosa",
      paternalLastName: "Ñúñez",
      maternalLastName: "Araya",
      birthDate: "1980-04-12",
      address: "Av. Irarrázaval 3450",
      district: "Ñuñoa",
      district_id: "13120",
      email: "rosa.nunez@correo.cl",
      phone: "987654321",
      isRemote: false,
      isActive: true,
      specialties: expect.arrayContaining([
        { id: gasfiteria.id, name: "Gasfitería", family_id: gasfiteria.family_id, family_name: gasfiteria.family_name },
        { id: electricidad.id, name: "Electricidad", family_id: electricidad.family_id, family_name: electricidad.family_name }
      ]),
      districts: [
        { id: "13120", district_name: "Ñuñoa" },
        { id: "13123", district_name: "Providencia" }
      ]
    }
    expect(created).toMatchObject(expected)
    expect((created.specialties as unknown[]).length).toBe(2)

    // Looked up as the form does after a blur: the dotted RUT; and without dots.
    expect(await call("GET", `/specialist/getByRut/${Rut.format(rut)}`, undefined, tokens.user)).toMatchObject({ id: created.id, ...expected })
    expect(await call("GET", `/specialist/getByRut/${rut}`, undefined, tokens.user)).toMatchObject({ id: created.id })
    expect(await call("GET", `/specialist/getById/${String(created.id)}`, undefined, tokens.moderator)).toMatchObject(expected)

    const all = await call<ReadonlyArray<Json>>("GET", "/specialist/getAll", undefined, tokens.user)
    const row = all.find((s) => s.id === created.id)
    expect(row).toBeDefined()
    for (const field of listFields) expect(row, field).toHaveProperty(field)
    expect(row).toMatchObject({ rut: Rut.format(rut), district: "Ñuñoa", district_id: "13120" })
    expect(all.every((s) => /^\d{1,3}(\.\d{3})*-[\dK]$/.test(String(s.rut)))).toBe(true)

    const bySpecialty = await call<ReadonlyArray<Json>>("GET", `/specialist/getBySpecialtyId/${electricidad.id}`, undefined, tokens.user)
    expect(bySpecialty.map((s) => s.id)).toContain(created.id)
  })

  it("getFamilies answers specialties with their family (the list's filter feeds getBySpecialtyId); getAssistances by family", async () => {
    const families = await call<ReadonlyArray<Specialty>>("GET", "/specialist/getFamilies", undefined, tokens.user)
    const gasfiteria = await specialtyNamed("Gasfitería")
    expect(families).toContainEqual({ id: gasfiteria.id, name: "Gasfitería", family_id: gasfiteria.family_id, family_name: gasfiteria.family_name })
    const assistances = await call<ReadonlyArray<{ id: string; name: string }>>(
      "GET",
      `/specialist/getAssistances/${gasfiteria.family_id}`,
      undefined,
      tokens.user
    )
    expect(assistances.length).toBeGreaterThan(0)
    expect(assistances.every((a) => typeof a.id === "string" && typeof a.name === "string")).toBe(true)
  })

  it("getByName ignores accents and case, and lists only active specialists", async () => {
    const gasfiteria = await specialtyNamed("Gasfitería")
    const rut = rutOf(16_777_901)
    const created = await call<Json>(
      "POST",
      "/specialist/create",
      state(rut, { name: "Ignacio", paternalLastName: "Muñoz", specialties: [gasfiteria], isRemote: true })
    )
    for (const term of ["munoz", "MUÑOZ", "ignacio mu", "Ignácio"]) {
      const found = await call<ReadonlyArray<Json>>("GET", `/specialist/getByName/${encodeURIComponent(term)}`, undefined, tokens.user)
      expect(
        found.map((s) => s.id),
        term
      ).toContain(created.id)
    }
    expect(await call("GET", `/specialist/getByName/${encodeURIComponent("100%_nadie")}`, undefined, tokens.user)).toEqual([])
    await call("DELETE", `/specialist/deleteById/${String(created.id)}`)
    expect((await call<ReadonlyArray<Json>>("GET", "/specialist/getByName/ignacio", undefined, tokens.user)).map((s) => s.id)).not.toContain(created.id)
  })

  it("create is an upsert by RUT: the same RUT however written updates, replaces specialties and comunas, and keeps stored data on blanks", async () => {
    const gasfiteria = await specialtyNamed("Gasfitería")
    const cerrajeria = await specialtyNamed("Cerrajería")
    const rut = rutOf(12_876_543)
    const first = await call<Json>("POST", "/specialist/create", state(rut, { specialties: [gasfiteria.id], districts: ["13101", "Estación Central"] }))
    const again = await call<Json>(
      "POST",
      "/specialist/create",
      state(rut, {
        rut: ` ${rut.replace("-", "")} `,
        name: "Rosa Elena",
        email: "",
        phone: "",
        address: "",
        birthDate: "",
        specialties: [{ id: cerrajeria.id }],
        districts: [{ id: "", district_name: "Maipú" }, "13119"]
      })
    )
    expect(again).toMatchObject({
      id: first.id,
      name: "Rosa Elena",
      email: "rosa.nunez@correo.cl",
      phone: "987654321",
      address: "Av. Irarrázaval 3450",
      birthDate: "1980-04-12",
      specialties: [{ id: cerrajeria.id, name: "Cerrajería" }],
      districts: [{ id: "13119", district_name: "Maipú" }]
    })
    const all = await call<ReadonlyArray<Json>>("GET", "/specialist/getAll")
    expect(all.filter((s) => s.rut === Rut.format(rut))).toHaveLength(1)
  })

  it("refuses, in Spanish on the field: a bad RUT, an unknown comuna, no specialty, neither comunas nor remote; an unknown specialty is a 404", async () => {
    const gasfiteria = await specialtyNamed("Gasfitería")
    const cases: ReadonlyArray<readonly [Json, ReadonlyArray<string | number>, string]> = [
      [state("12.345.678-9", { specialties: [gasfiteria], isRemote: true }), ["rut"], "RUT inválido: revise el número y el dígito verificador"],
      [state(rutOf(13_000_001), { specialties: [gasfiteria], districts: [{ id: "99999" }] }), ["districts", 0], "La comuna no existe en la lista oficial"],
      [state(rutOf(13_000_001), { specialties: [gasfiteria], district: "Gotham", isRemote: true }), ["district"], "La comuna no existe en la lista oficial"],
      [state(rutOf(13_000_001), { isRemote: true }), ["specialties"], "Indique al menos una especialidad"],
      [state(rutOf(13_000_001), { specialties: [gasfiteria] }), ["districts"], "Indique al menos una comuna o marque atención remota"]
    ]
    for (const [body, path, message] of cases) {
      const response = await status("POST", "/specialist/create", body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect((response.json as { issues: unknown[] }).issues).toContainEqual({ path, message })
    }
    const unknown = await status(
      "POST",
      "/specialist/create",
      state(rutOf(13_000_001), { specialties: ["7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e41"], isRemote: true })
    )
    expect(unknown.status).toBe(404)
    expect(unknown.json).toMatchObject({ message: "La especialidad 7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e41 no existe o está inactiva" })
    expect(await call("GET", `/specialist/getByRut/${rutOf(13_000_001)}`)).toBeNull()
  })

  it("deleteById deactivates (answers deleted: true), only admins write, and creating the RUT again restores the specialist", async () => {
    const gasfiteria = await specialtyNamed("Gasfitería")
    const rut = rutOf(14_222_333)
    const created = await call<Json>("POST", "/specialist/create", state(rut, { specialties: [gasfiteria], isRemote: true }))
    for (const token of [tokens.user, tokens.moderator]) {
      expect((await status("POST", "/specialist/create", state(rut, { specialties: [gasfiteria], isRemote: true }), token)).status).toBe(403)
      expect((await status("DELETE", `/specialist/deleteById/${String(created.id)}`, undefined, token)).status).toBe(403)
    }
    expect(await call("DELETE", `/specialist/deleteById/${String(created.id)}`)).toMatchObject({ id: created.id, isActive: false, deleted: true })
    expect((await call<ReadonlyArray<Json>>("GET", "/specialist/getAll")).map((s) => s.id)).not.toContain(created.id)
    expect(await call("GET", `/specialist/getById/${String(created.id)}`)).toMatchObject({ isActive: false })
    expect((await status("DELETE", `/specialist/deleteById/${String(created.id)}`)).status).toBe(404)
    expect(await call("POST", "/specialist/create", state(rut, { specialties: [gasfiteria], isRemote: true }))).toMatchObject({
      id: created.id,
      isActive: true
    })
  })
})

describe("choosing a specialist for a case", () => {
  /** A specialty and a service of their own, so the demo specialists do not mix in. */
  let specialty: Specialty
  let assistanceId: string
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    const gasfiteria = await specialtyNamed("Gasfitería")
    specialty = await call<Specialty>("POST", "/specialty/create", { id: "", name: "Techumbres", family_id: gasfiteria.family_id, family_name: "" })
    assistanceId = (
      await call<{ id: string }>("POST", "/assistance/create", {
        family_id: gasfiteria.family_id,
        name: "Reparación de techumbre",
        specialties: [{ id: specialty.id }]
      })
    ).id
    const people: ReadonlyArray<readonly [string, number, Json]> = [
      ["serves", 17_100_001, { specialties: [specialty], districts: [{ id: "13120", district_name: "Ñuñoa" }] }],
      ["elsewhere", 17_100_002, { specialties: [specialty], districts: [{ id: "13101", district_name: "Santiago" }] }],
      ["remote", 17_100_003, { specialties: [specialty], isRemote: true }],
      ["inactive", 17_100_004, { specialties: [specialty], districts: ["13120"] }],
      ["otherTrade", 17_100_005, { specialties: [gasfiteria], districts: ["13120"] }],
      ["otherTradeRemote", 17_100_006, { specialties: [gasfiteria], isRemote: true }]
    ]
    for (const [key, body, overrides] of people)
      ids[key] = (await call<{ id: string }>("POST", "/specialist/create", state(rutOf(body), { name: key, ...overrides }))).id
    await call("DELETE", `/specialist/deleteById/${ids.inactive}`)
  })

  const chosen = async (path: string) =>
    (await call<ReadonlyArray<Json>>("GET", `/specialist/getByAssistanceAndDistrict/${path}`, undefined, tokens.user)).map((s) => s.id).sort()

  it("answers the active specialists of the service who serve the comuna, plus the remote ones; in either segment order, comuna by name or code", async () => {
    const expected = [ids.serves, ids.remote].sort()
    expect(await chosen(`${encodeURIComponent("Ñuñoa")}/${assistanceId}`)).toEqual(expected)
    expect(await chosen(`${assistanceId}/${encodeURIComponent("Ñuñoa")}`)).toEqual(expected)
    expect(await chosen(`13120/${assistanceId}`)).toEqual(expected)
    expect(await chosen(`${assistanceId}/nunoa`)).toEqual(expected)
    expect(await chosen(`${assistanceId}/13101`)).toEqual([ids.elsewhere, ids.remote].sort())
    const rows = await call<ReadonlyArray<Json>>("GET", `/specialist/getByAssistanceAndDistrict/13120/${assistanceId}`)
    for (const row of rows) for (const field of listFields) expect(row, field).toHaveProperty(field)
  })

  it("refuses two comunas or two ids (400), an unknown comuna (400) and an unknown service (404), in Spanish", async () => {
    for (const path of ["13120/13101", `${assistanceId}/${assistanceId}`.replace(/.$/, "x"), `Gotham/${assistanceId}`]) {
      const response = await status("GET", `/specialist/getByAssistanceAndDistrict/${path}`, undefined, tokens.user)
      expect(response.status, path).toBe(400)
    }
    const unknown = await status("GET", `/specialist/getByAssistanceAndDistrict/13120/7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e41`, undefined, tokens.user)
    expect(unknown.status).toBe(404)
    expect(unknown.json).toMatchObject({ message: "El servicio indicado no existe o está inactivo" })
  })

  it("the case screens' specialty combo: the specialist's (and a partner's) specialties that perform the service, with or without the trailing slash", async () => {
    const expected = [{ specialty_id: specialty.id, specialty_name: "Techumbres" }]
    expect(await call("GET", `/specialty/getSpecialitiesByAssistance/${ids.serves}/${assistanceId}/`, undefined, tokens.user)).toEqual(expected)
    expect(await call("GET", `/specialty/getSpecialitiesByAssistance/${ids.serves}/${assistanceId}`, undefined, tokens.user)).toEqual(expected)
    expect(await call("GET", `/specialty/getSpecialitiesByAssistance/${ids.otherTrade}/${assistanceId}/`, undefined, tokens.user)).toEqual([])
    const partner = await call<{ id: string }>("POST", "/partner/create", { rut: rutOf(76_555_001), name: "Techos del Sur SpA", specialties: [specialty] })
    expect(await call("GET", `/specialty/getSpecialitiesByPartner/${partner.id}/${assistanceId}/`, undefined, tokens.user)).toEqual(expected)
    expect(await call("GET", `/specialty/getSpecialitiesByPartner/${partner.id}/${assistanceId}`, undefined, tokens.user)).toEqual(expected)
  })

  it("Palma's page filters by specialty, comuna, remote work and state, and searches by name or RUT", async () => {
    interface PageOf {
      readonly items: ReadonlyArray<{ id: string; specialties: ReadonlyArray<Specialty>; districtCount: number }>
      readonly total: number
      readonly page: number
      readonly pageSize: number
    }
    const page = (query: string) => call<PageOf>("GET", `/specialist/page?specialty_id=${specialty.id}&${query}`, undefined, tokens.user)
    const idsOf = (p: PageOf) => p.items.map((i) => i.id).sort()
    expect(idsOf(await page(""))).toEqual([ids.serves, ids.elsewhere, ids.remote].sort())
    expect(idsOf(await page("district=nunoa"))).toEqual([ids.serves])
    expect(idsOf(await page("district=13120&active=all"))).toEqual([ids.serves, ids.inactive].sort())
    expect(idsOf(await page("active=false"))).toEqual([ids.inactive])
    expect(idsOf(await page("remote=true"))).toEqual([ids.remote])
    expect(idsOf(await page("search=ELSEWHERE"))).toEqual([ids.elsewhere])
    expect(idsOf(await page(`search=${encodeURIComponent("17.100.00")}`))).toEqual([ids.serves, ids.elsewhere, ids.remote].sort())
    const first = await page("pageSize=2&sort=rut")
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 })
    expect(first.items.map((i) => i.id)).toEqual([ids.serves, ids.elsewhere])
    expect((await page("pageSize=2&page=2&sort=rut")).items.map((i) => i.id)).toEqual([ids.remote])
    expect((await page("pageSize=2&page=3")).items).toEqual([])
    const serves = (await page("district=13120")).items[0]!
    expect(serves).toMatchObject({ districtCount: 1, specialties: [{ id: specialty.id, name: "Techumbres" }] })
    for (const bad of ["remote=si", "active=maybe", "district=Gotham", "pageSize=500"]) {
      expect((await status("GET", `/specialist/page?${bad}`, undefined, tokens.user)).status, bad).toBe(400)
    }
  })
})
