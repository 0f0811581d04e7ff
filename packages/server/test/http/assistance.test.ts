import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ApiFailure, Assistance, AssistanceInput, Call, Family } from "@palma/core"
import { send } from "../security/http.js"
import { clientAs, demoTokens, statusOf } from "../support/api.js"
import { type RunningServer, startServer } from "../support/startServer.js"

let server: RunningServer
let admin: Call
let operador: Call
let token: string
let hogar: Family
let salud: Family

beforeAll(async () => {
  server = await startServer()
  const tokens = await demoTokens(server.url)
  token = tokens.admin
  admin = clientAs(server.url, tokens.admin)
  operador = clientAs(server.url, tokens.user)
  const families = await operador((c) => c.family.list({ urlParams: {} }))
  hogar = families.find((f) => f.name === "Hogar")!
  salud = families.find((f) => f.name === "Salud")!
})
afterAll(() => server?.stop())

const UNKNOWN = "00000000-0000-4000-8000-000000000000"
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("se esperaba un error"),
    (e: ApiFailure) => e
  )

/** The family's masters, by name. */
const mastersOf = async (family: Family) => {
  const [values, specialties, documents] = await Promise.all([
    operador((c) => c.value.list({ urlParams: { family_id: family.id } })),
    operador((c) => c.specialty.list({ urlParams: { family_id: family.id } })),
    operador((c) => c.document.list({ urlParams: { family_id: family.id } }))
  ])
  const byName =
    <A extends { name: string; id: string }>(list: ReadonlyArray<A>) =>
    (name: string) =>
      list.find((x) => x.name === name)!.id
  return { value: byName(values), specialty: byName(specialties), document: byName(documents) }
}

const input = (overrides: Partial<AssistanceInput>): AssistanceInput => ({
  family_id: hogar.id,
  name: "Servicio de prueba",
  description: "",
  values: [],
  specialties: [],
  documents: [],
  benefits: [],
  exclusions: [],
  ...overrides
})

const ids = (items: ReadonlyArray<{ id: string }>) => items.map((i) => i.id)
const descriptions = (items: ReadonlyArray<{ description: string }>) => items.map((i) => i.description)

describe("assistance", () => {
  it("is created and updated with its ordered lists, which read back exactly in order", async () => {
    const m = await mastersOf(hogar)
    const values = [m.value("Metros cuadrados afectados"), m.value("Tipo de vivienda"), m.value("Descripción del daño")]
    const created = await admin((c) =>
      c.assistance.create({
        payload: input({
          name: "Techumbre",
          description: "Reparación de techos con filtraciones",
          values,
          specialties: [m.specialty("Carpintería"), m.specialty("Pintura")],
          documents: [m.document("Presupuesto del técnico"), m.document("Foto del daño")],
          benefits: ["Tercero", "Primero", "Segundo"],
          exclusions: ["Techos de asbesto", "Daños por sismo"]
        })
      })
    )
    expect(created).toMatchObject({ family: { id: hogar.id, name: "Hogar" }, family_id: hogar.id, family_name: "Hogar", name: "Techumbre", isActive: true })
    expect(created.values).toEqual([
      { id: values[0], name: "Metros cuadrados afectados", position: 1 },
      { id: values[1], name: "Tipo de vivienda", position: 2 },
      { id: values[2], name: "Descripción del daño", position: 3 }
    ])
    expect(created.specialties).toEqual([
      { id: m.specialty("Carpintería"), name: "Carpintería" },
      { id: m.specialty("Pintura"), name: "Pintura" }
    ])
    expect(ids(created.documents)).toEqual([m.document("Presupuesto del técnico"), m.document("Foto del daño")])
    expect(descriptions(created.benefits)).toEqual(["Tercero", "Primero", "Segundo"])
    expect(created.benefits.every((b) => UUID.test(b.id))).toBe(true)
    expect(await operador((c) => c.assistance.getById({ path: { id: created.id } }))).toEqual(created)

    const reordered = [values[2]!, values[0]!]
    const updated = await admin((c) =>
      c.assistance.updateById({
        payload: {
          id: created.id,
          ...input({
            name: "Techumbres",
            description: "Techos",
            values: reordered,
            specialties: [m.specialty("Pintura")],
            documents: [m.document("Foto del daño"), m.document("Presupuesto del técnico")],
            benefits: ["Segundo", "Primero"],
            exclusions: []
          })
        }
      })
    )
    expect(updated.name).toBe("Techumbres")
    expect(updated.values.map(({ id, position }) => ({ id, position }))).toEqual([
      { id: reordered[0], position: 1 },
      { id: reordered[1], position: 2 }
    ])
    expect(descriptions(updated.benefits)).toEqual(["Segundo", "Primero"])
    // A benefit keeps its id while its text stays.
    expect(updated.benefits.find((b) => b.description === "Primero")!.id).toBe(created.benefits.find((b) => b.description === "Primero")!.id)
    expect(updated.exclusions).toEqual([])
    expect(await operador((c) => c.assistance.getById({ path: { id: created.id } }))).toEqual(updated)

    const docs = await operador((c) => c.assistance.getDocumentsById({ path: { id: created.id } }))
    expect(docs.map((d) => d.name)).toEqual(["Foto del daño", "Presupuesto del técnico"])
    expect(docs.every((d) => d.family_id === hogar.id)).toBe(true)
    const asked = await operador((c) => c.assistance.getValues({ path: { id: created.id } }))
    expect(asked.map((v) => v.id)).toEqual(reordered)
    expect(asked[0]).toMatchObject({ name: "Descripción del daño", valuetype_code: expect.any(String), family_id: hogar.id })
  })

  it("lists all, by family, and the families that have services (seeded demo services included)", async () => {
    const all = await operador((c) => c.assistance.getAll())
    expect(all.map((a) => a.name)).toEqual(
      expect.arrayContaining(["Gasfitería", "Electricidad", "Cerrajería", "Vidriería", "Urgencia veterinaria", "Telemedicina"])
    )
    const gasfiteria = all.find((a) => a.name === "Gasfitería")!
    expect(gasfiteria.family).toEqual({ id: hogar.id, name: "Hogar" })
    expect(gasfiteria.values.length).toBeGreaterThan(0)
    expect(gasfiteria.benefits.length).toBeGreaterThan(0)

    const inHogar = await operador((c) => c.assistance.getByFamilyId({ path: { family_id: hogar.id } }))
    expect(inHogar.length).toBeGreaterThanOrEqual(4)
    expect(inHogar.every((a) => a.family_id === hogar.id)).toBe(true)

    const families = await operador((c) => c.assistance.getFamilies())
    expect(families.map((f) => f.name)).toEqual(expect.arrayContaining(["Hogar", "Mascotas", "Salud"]))
    const empty = await admin((c) => c.family.create({ payload: { name: "Sin servicios" } }))
    expect((await operador((c) => c.assistance.getFamilies())).map((f) => f.id)).not.toContain(empty.id)
    expect(await operador((c) => c.assistance.getByFamilyId({ path: { family_id: empty.id } }))).toEqual([])
    expect(await statusOf(operador((c) => c.assistance.getByFamilyId({ path: { family_id: UNKNOWN } })))).toBe(404)
  })

  it("refuses a value, specialty or document of another family with a Spanish 400 naming it", async () => {
    const h = await mastersOf(hogar)
    const s = await mastersOf(salud)
    const value = await failure(admin((c) => c.assistance.create({ payload: input({ values: [h.value("Tipo de vivienda"), s.value("Síntomas")] }) })))
    expect(value).toMatchObject({ status: 400, message: "El valor «Síntomas» no pertenece a la familia Hogar" })
    expect(value.issues).toEqual([{ path: ["values", 1], message: "El valor «Síntomas» no pertenece a la familia Hogar" }])

    const both = await failure(
      admin((c) => c.assistance.create({ payload: input({ specialties: [s.specialty("Telemedicina")], documents: [s.document("Receta médica")] }) }))
    )
    expect(both.status).toBe(400)
    expect(both.issues).toEqual([
      { path: ["specialties", 0], message: "La especialidad «Telemedicina» no pertenece a la familia Hogar" },
      { path: ["documents", 0], message: "El documento «Receta médica» no pertenece a la familia Hogar" }
    ])
    expect((await operador((c) => c.assistance.getAll())).map((a) => a.name)).not.toContain("Servicio de prueba")
  })

  it("answers 404 for an unknown family, value, specialty, document or assistance", async () => {
    expect(await failure(admin((c) => c.assistance.create({ payload: input({ family_id: UNKNOWN }) })))).toMatchObject({
      status: 404,
      message: "La familia indicada no existe o está inactiva"
    })
    expect(await failure(admin((c) => c.assistance.create({ payload: input({ values: [UNKNOWN] }) })))).toMatchObject({
      status: 404,
      message: `El valor ${UNKNOWN} no existe o está inactivo`
    })
    expect(await statusOf(admin((c) => c.assistance.create({ payload: input({ specialties: [UNKNOWN] }) })))).toBe(404)
    expect(await statusOf(admin((c) => c.assistance.create({ payload: input({ documents: [UNKNOWN] }) })))).toBe(404)
    expect(await statusOf(operador((c) => c.assistance.getById({ path: { id: UNKNOWN } })))).toBe(404)
    expect(await statusOf(operador((c) => c.assistance.getDocumentsById({ path: { id: UNKNOWN } })))).toBe(404)
    expect(await statusOf(operador((c) => c.assistance.getValues({ path: { id: UNKNOWN } })))).toBe(404)
    expect(await statusOf(admin((c) => c.assistance.updateById({ payload: { id: UNKNOWN, ...input({}) } })))).toBe(404)
    // An upsert naming an assistance that is not there creates nothing.
    expect(await statusOf(admin((c) => c.assistance.create({ payload: { id: UNKNOWN, ...input({ name: "Fantasma" }) } })))).toBe(404)
    expect((await operador((c) => c.assistance.getAll())).map((a) => a.name)).not.toContain("Fantasma")
  })

  it("refuses a duplicate active name in the family (any case) with 409; another family may reuse it", async () => {
    const error = await failure(admin((c) => c.assistance.create({ payload: input({ name: "gasfitería" }) })))
    expect(error).toMatchObject({ status: 409, message: "Ya existe un servicio activo con ese nombre en la familia" })
    const other = await admin((c) => c.assistance.create({ payload: input({ family_id: salud.id, name: "Gasfitería" }) }))
    expect(other.family_name).toBe("Salud")
    const renamed = await failure(admin((c) => c.assistance.updateById({ payload: { id: other.id, ...input({ name: "Cerrajería" }) } })))
    expect(renamed.status).toBe(409)
  })

  it("is deleted by deactivating it, unless an active product covers it", async () => {
    const temp = await admin((c) => c.assistance.create({ payload: input({ name: "Temporal" }) }))
    const deleted = await admin((c) => c.assistance.deleteById({ path: { id: temp.id } }))
    expect(deleted.isActive).toBe(false)
    expect(await statusOf(operador((c) => c.assistance.getById({ path: { id: temp.id } })))).toBe(404)
    // The name is free again.
    await admin((c) => c.assistance.create({ payload: input({ name: "Temporal" }) }))

    const gasfiteria = (await operador((c) => c.assistance.getAll())).find((a) => a.name === "Gasfitería" && a.family_id === hogar.id)!
    const refused = await failure(admin((c) => c.assistance.deleteById({ path: { id: gasfiteria.id } })))
    expect(refused.status).toBe(409)
    expect(refused.message).toMatch(/^El servicio está incluido en productos activos: .*Asistencia Hogar/)
  })

  it("is read-only for an operador: 403 on every write", async () => {
    const gasfiteria = (await operador((c) => c.assistance.getAll()))[0]!
    expect(await statusOf(operador((c) => c.assistance.create({ payload: input({ name: "Nuevo" }) })))).toBe(403)
    expect(await statusOf(operador((c) => c.assistance.updateById({ payload: { id: gasfiteria.id, ...input({}) } })))).toBe(403)
    expect(await statusOf(operador((c) => c.assistance.deleteById({ path: { id: gasfiteria.id } })))).toBe(403)
  })

  it("answers malformed lists with Spanish field messages", async () => {
    const response = await send(server.url, "POST", "/api/assistance/create", {
      token,
      body: JSON.stringify({ family_id: hogar.id, name: "X", benefits: ["ok", "  ", 3], exclusions: ["Sismo", "sismo"], values: [UNKNOWN, { id: UNKNOWN }] })
    })
    expect(response.status).toBe(400)
    expect((response.json as { issues: unknown[] }).issues).toEqual(
      expect.arrayContaining([
        { path: ["benefits", 1], message: "No puede haber elementos vacíos" },
        { path: ["benefits", 2], message: "Debe ser un texto" },
        { path: ["exclusions"], message: "Hay textos repetidos" },
        { path: ["values"], message: "Hay identificadores repetidos" }
      ])
    )
    const noFamily = await send(server.url, "POST", "/api/assistance/create", { token, body: JSON.stringify({ family: { id: "", name: "" }, name: "X" }) })
    expect(noFamily.status).toBe(400)
    expect(noFamily.json).toMatchObject({ issues: [{ path: ["family_id"], message: "Este campo es obligatorio" }] })
  })
})

/** An assistance as the original client's getById reads it (reference §8, notes "assistance"). */
interface SeedAssistance {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly family: { readonly id: string; readonly name: string }
  readonly values: ReadonlyArray<{ readonly id: string; readonly name: string }>
  readonly specialties: ReadonlyArray<{ readonly id: string; readonly name: string }>
  readonly documents: ReadonlyArray<{ readonly id: string; readonly name: string }>
  readonly benefits: ReadonlyArray<{ readonly id: string; readonly description: string }>
  readonly exclusions: ReadonlyArray<{ readonly id: string; readonly description: string }>
}

/**
 * The original client's calls, as it sends them: the whole `assistance` state object (family
 * nested, lists of whole master rows, benefits as `{id: "", description}`) posted to `/create` for
 * a new assistance and for an edit; `updateById` with `{id, family_id, name, description}` only.
 * Judged on what that client reads; the database must hold exactly what the permitted fields say.
 */
describe("the original client's assistance calls", () => {
  const call = async <A = never>(method: string, path: string, body?: unknown): Promise<A> => {
    const response = await send(server.url, method, `/api${path}`, { token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    expect(response.status, `${method} ${path}: ${response.text}`).toBe(200)
    return response.json as A
  }
  const pair = (item: { id: string; name: string }) => ({ id: item.id, name: item.name })

  /** The family's rows as the original client's pickers hold them (whole list rows, extra keys and all). */
  const rowsOf = async (family: Family) => ({
    values: await call<Array<{ id: string; name: string }>>("GET", `/value/getByFamilyId/${family.id}`),
    specialties: await call<Array<{ id: string; name: string }>>("GET", `/specialty/getSpecialtiesByFamilyId/${family.id}`),
    documents: await call<Array<{ id: string; name: string }>>("GET", `/document/getDocumentsByFamilyId/${family.id}`)
  })
  const byName = <A extends { name: string }>(rows: ReadonlyArray<A>, ...names: ReadonlyArray<string>) => names.map((n) => rows.find((r) => r.name === n)!)

  /** Every field the original client reads, with its type. */
  const expectSeedShape = (a: SeedAssistance) => {
    expect(a).toEqual(
      expect.objectContaining({
        id: expect.stringMatching(UUID),
        name: expect.any(String),
        description: expect.any(String),
        family: expect.objectContaining({ id: expect.stringMatching(UUID), name: expect.any(String) })
      })
    )
    for (const list of [a.values, a.specialties, a.documents]) {
      for (const item of list) expect(item).toEqual(expect.objectContaining({ id: expect.stringMatching(UUID), name: expect.any(String) }))
    }
    for (const list of [a.benefits, a.exclusions]) {
      for (const item of list) expect(item).toEqual(expect.objectContaining({ id: expect.stringMatching(UUID), description: expect.any(String) }))
    }
  }

  it("creates from the whole state object, then edits by posting it back to /create with its id", async () => {
    const rows = await rowsOf(hogar)
    const state = {
      id: "",
      name: "Filtraciones",
      description: "Detección y reparación de filtraciones",
      family: { id: hogar.id, name: "Hogar" },
      values: byName(rows.values, "Tipo de vivienda", "Metros cuadrados afectados"),
      specialties: byName(rows.specialties, "Gasfitería"),
      documents: byName(rows.documents, "Foto del daño"),
      benefits: [
        { id: "", description: "Detección con equipo" },
        { id: "", description: "Mano de obra" }
      ],
      exclusions: [{ id: "", description: "Cañerías de plomo" }],
      isActive: false
    }
    const created = await call<SeedAssistance & Assistance>("POST", "/assistance/create", state)
    expectSeedShape(created)
    const expected = {
      name: "Filtraciones",
      description: "Detección y reparación de filtraciones",
      family: { id: hogar.id, name: "Hogar" },
      values: state.values.map(pair),
      specialties: state.specialties.map(pair),
      documents: state.documents.map(pair),
      benefits: state.benefits.map(({ description }) => ({ id: expect.stringMatching(UUID), description })),
      exclusions: [{ id: expect.stringMatching(UUID), description: "Cañerías de plomo" }]
    }
    const read = await call<SeedAssistance & Assistance>("GET", `/assistance/getById/${created.id}`)
    expect(read).toMatchObject({ ...expected, id: created.id, isActive: true })
    // Exactly those items, nothing more (toMatchObject allows extra array items only by shape).
    expect(read.values.map(pair)).toEqual(expected.values)
    expect(read.benefits.map((b) => b.description)).toEqual(["Detección con equipo", "Mano de obra"])
    const count = (await call<Array<unknown>>("GET", "/assistance/getAll")).length

    // The edit screen loads getById into its state, changes it and posts it whole to /create.
    const edited = {
      ...read,
      name: "Filtraciones y goteras",
      values: [...read.values].reverse(),
      specialties: [...read.specialties, ...byName(rows.specialties, "Carpintería")],
      documents: [],
      benefits: [read.benefits[1]!, { id: "", description: "Informe técnico" }],
      exclusions: read.exclusions,
      isActive: false
    }
    const saved = await call<SeedAssistance>("POST", "/assistance/create", edited)
    expect(saved.id).toBe(created.id)
    expect(await call("GET", `/assistance/getById/${created.id}`)).toMatchObject({
      id: created.id,
      name: "Filtraciones y goteras",
      family: { id: hogar.id, name: "Hogar" },
      values: [...read.values].reverse().map(pair),
      specialties: [...read.specialties.map(pair), pair(byName(rows.specialties, "Carpintería")[0]!)],
      documents: [],
      // The kept benefit keeps its id.
      benefits: [read.benefits[1], { id: expect.stringMatching(UUID), description: "Informe técnico" }],
      exclusions: read.exclusions,
      isActive: true
    })
    expect(await call<Array<unknown>>("GET", "/assistance/getAll")).toHaveLength(count)

    // A family change in the combo moves `family`; the `family_id` Palma added to the loaded state is stale.
    const reloaded = await call<SeedAssistance & Assistance>("GET", `/assistance/getById/${created.id}`)
    const moved = await call<SeedAssistance & Assistance>("POST", "/assistance/create", {
      ...reloaded,
      family: { id: salud.id, name: "Salud" },
      values: [],
      specialties: [],
      documents: []
    })
    expect(moved).toMatchObject({ id: created.id, family: { id: salud.id, name: "Salud" }, family_id: salud.id, benefits: reloaded.benefits })
  })

  it("updateById takes {id, family_id, name, description} in the body and keeps the lists", async () => {
    const rows = await rowsOf(hogar)
    const created = await call<SeedAssistance>("POST", "/assistance/create", {
      family: { id: hogar.id },
      name: "Sellado de ventanas",
      description: "Sellos",
      values: byName(rows.values, "Tipo de vivienda"),
      specialties: [],
      documents: byName(rows.documents, "Foto del daño"),
      benefits: [{ description: "Silicona" }],
      exclusions: []
    })
    const updated = await call<SeedAssistance & Assistance>("PUT", "/assistance/updateById", {
      id: created.id,
      family_id: hogar.id,
      name: "Sellado de ventanas y puertas",
      description: "Sellos y burletes",
      isActive: false
    })
    const read = await call<SeedAssistance & Assistance>("GET", `/assistance/getById/${created.id}`)
    expect(read).toEqual(updated)
    expect(read).toEqual({
      ...created,
      name: "Sellado de ventanas y puertas",
      description: "Sellos y burletes",
      isActive: true
    })

    // A family change must hold for the lists it keeps.
    const moved = await send(server.url, "PUT", "/api/assistance/updateById", {
      token,
      body: JSON.stringify({ id: created.id, family_id: salud.id, name: "Sellado", description: "" })
    })
    expect(moved.status).toBe(400)
    expect(moved.json).toMatchObject({ issues: [{ path: ["values", 0] }, { path: ["documents", 0] }] })
    expect(await call("GET", `/assistance/getById/${created.id}`)).toEqual(read)
  })

  it("reads the lists and lookups the screens use, and deletes by id", async () => {
    const all = await call<Array<{ id: string; name: string; family: { id: string; name: string } }>>("GET", "/assistance/getAll")
    expect(all.length).toBeGreaterThan(0)
    for (const a of all)
      expect(a).toEqual(
        expect.objectContaining({ id: expect.any(String), name: expect.any(String), family: { id: expect.any(String), name: expect.any(String) } })
      )
    // The seed's order: by family name, then name.
    const key = (a: (typeof all)[number]) => [a.family.name, a.name] as const
    const sorted = [...all].sort((x, y) => key(x)[0].localeCompare(key(y)[0]) || key(x)[1].localeCompare(key(y)[1]))
    expect(all.map((a) => a.family.name)).toEqual(sorted.map((a) => a.family.name))

    const families = await call<Array<{ id: string; name: string }>>("GET", "/assistance/getFamilies")
    expect(families).toContainEqual(expect.objectContaining({ id: hogar.id, name: "Hogar" }))
    const inHogar = await call<Array<{ family: { id: string } }>>("GET", `/assistance/getByFamilyId/${hogar.id}`)
    expect(inHogar.length).toBeGreaterThan(0)
    expect(inHogar.every((a) => a.family.id === hogar.id)).toBe(true)

    const gasfiteria = all.find((a) => a.name === "Gasfitería" && a.family.id === hogar.id)!
    const detail = await call<SeedAssistance>("GET", `/assistance/getById/${gasfiteria.id}`)
    expectSeedShape(detail)
    const values = await call<Array<{ id: string; name: string }>>("GET", `/assistance/getValues/${gasfiteria.id}`)
    expect(values.map(pair)).toEqual(detail.values.map(pair))
    const documents = await call<Array<{ id: string; name: string }>>("GET", `/assistance/getDocumentsById/${gasfiteria.id}`)
    expect(documents.map(pair)).toEqual(detail.documents.map(pair))

    const temp = await call<SeedAssistance>("POST", "/assistance/create", {
      id: "",
      family: { id: hogar.id, name: "Hogar" },
      name: "Para borrar",
      description: "",
      values: [],
      specialties: [],
      documents: [],
      benefits: [],
      exclusions: []
    })
    expect(temp).toMatchObject({ values: [], specialties: [], documents: [], benefits: [], exclusions: [] })
    await call("DELETE", `/assistance/deleteById/${temp.id}`)
    expect((await send(server.url, "GET", `/api/assistance/getById/${temp.id}`, { token })).status).toBe(404)
  })
})
