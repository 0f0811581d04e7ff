import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ApiFailure, AssistanceInput, Call, Family } from "@palma/core"
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
const failure = (promise: Promise<unknown>) => promise.then(() => expect.fail("se esperaba un error"), (e: ApiFailure) => e)

/** The family's masters, by name. */
const mastersOf = async (family: Family) => {
  const [values, specialties, documents] = await Promise.all([
    operador((c) => c.value.list({ urlParams: { family_id: family.id } })),
    operador((c) => c.specialty.list({ urlParams: { family_id: family.id } })),
    operador((c) => c.document.list({ urlParams: { family_id: family.id } }))
  ])
  const byName = <A extends { name: string; id: string }>(list: ReadonlyArray<A>) => (name: string) => list.find((x) => x.name === name)!.id
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
    expect(created).toMatchObject({ family_id: hogar.id, family_name: "Hogar", name: "Techumbre", isActive: true })
    expect(created.values).toEqual(values.map((value_id, i) => ({ value_id, position: i + 1 })))
    expect(created.specialties).toEqual([m.specialty("Carpintería"), m.specialty("Pintura")])
    expect(created.documents).toEqual([m.document("Presupuesto del técnico"), m.document("Foto del daño")])
    expect(created.benefits).toEqual(["Tercero", "Primero", "Segundo"])
    expect(await operador((c) => c.assistance.getById({ path: { id: created.id } }))).toEqual(created)

    const reordered = [values[2]!, values[0]!]
    const updated = await admin((c) =>
      c.assistance.updateById({
        path: { id: created.id },
        payload: input({
          name: "Techumbres",
          description: "Techos",
          values: reordered,
          specialties: [m.specialty("Pintura")],
          documents: [m.document("Foto del daño"), m.document("Presupuesto del técnico")],
          benefits: ["Segundo", "Primero"],
          exclusions: []
        })
      })
    )
    expect(updated.name).toBe("Techumbres")
    expect(updated.values).toEqual([
      { value_id: reordered[0], position: 1 },
      { value_id: reordered[1], position: 2 }
    ])
    expect(updated.benefits).toEqual(["Segundo", "Primero"])
    expect(updated.exclusions).toEqual([])
    expect(await operador((c) => c.assistance.getById({ path: { id: created.id } }))).toEqual(updated)

    const docs = await operador((c) => c.assistance.getDocumentsById({ path: { id: created.id } }))
    expect(docs.map((d) => d.name)).toEqual(["Foto del daño", "Presupuesto del técnico"])
    expect(docs.every((d) => d.family_id === hogar.id)).toBe(true)
  })

  it("lists all, by family, and the families that have services (seeded demo services included)", async () => {
    const all = await operador((c) => c.assistance.getAll())
    expect(all.map((a) => a.name)).toEqual(expect.arrayContaining(["Gasfitería", "Electricidad", "Cerrajería", "Vidriería", "Urgencia veterinaria", "Telemedicina"]))
    const gasfiteria = all.find((a) => a.name === "Gasfitería")!
    expect(gasfiteria.family_name).toBe("Hogar")
    expect(gasfiteria.values.length).toBeGreaterThan(0)
    expect(gasfiteria.benefits.length).toBeGreaterThan(0)

    const inHogar = await operador((c) => c.assistance.getByFamilyId({ path: { id: hogar.id } }))
    expect(inHogar.length).toBeGreaterThanOrEqual(4)
    expect(inHogar.every((a) => a.family_id === hogar.id)).toBe(true)

    const families = await operador((c) => c.assistance.getFamilies())
    expect(families.map((f) => f.name)).toEqual(expect.arrayContaining(["Hogar", "Mascotas", "Salud"]))
    const empty = await admin((c) => c.family.create({ payload: { name: "Sin servicios" } }))
    expect((await operador((c) => c.assistance.getFamilies())).map((f) => f.id)).not.toContain(empty.id)
    expect(await operador((c) => c.assistance.getByFamilyId({ path: { id: empty.id } }))).toEqual([])
    expect(await statusOf(operador((c) => c.assistance.getByFamilyId({ path: { id: UNKNOWN } })))).toBe(404)
  })

  it("refuses a value, specialty or document of another family with a Spanish 400 naming it", async () => {
    const h = await mastersOf(hogar)
    const s = await mastersOf(salud)
    const value = await failure(admin((c) => c.assistance.create({ payload: input({ values: [h.value("Tipo de vivienda"), s.value("Síntomas")] }) })))
    expect(value).toMatchObject({ status: 400, message: "El valor «Síntomas» no pertenece a la familia Hogar" })
    expect(value.issues).toEqual([{ path: ["values", 1], message: "El valor «Síntomas» no pertenece a la familia Hogar" }])

    const both = await failure(
      admin((c) =>
        c.assistance.create({ payload: input({ specialties: [s.specialty("Telemedicina")], documents: [s.document("Receta médica")] }) })
      )
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
    expect(await statusOf(admin((c) => c.assistance.updateById({ path: { id: UNKNOWN }, payload: input({}) })))).toBe(404)
  })

  it("refuses a duplicate active name in the family (any case) with 409; another family may reuse it", async () => {
    const error = await failure(admin((c) => c.assistance.create({ payload: input({ name: "gasfitería" }) })))
    expect(error).toMatchObject({ status: 409, message: "Ya existe un servicio activo con ese nombre en la familia" })
    const other = await admin((c) => c.assistance.create({ payload: input({ family_id: salud.id, name: "Gasfitería" }) }))
    expect(other.family_name).toBe("Salud")
    const renamed = await failure(admin((c) => c.assistance.updateById({ path: { id: other.id }, payload: input({ name: "Cerrajería" }) })))
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
    expect(await statusOf(operador((c) => c.assistance.updateById({ path: { id: gasfiteria.id }, payload: input({}) })))).toBe(403)
    expect(await statusOf(operador((c) => c.assistance.deleteById({ path: { id: gasfiteria.id } })))).toBe(403)
  })

  it("answers malformed lists with Spanish field messages", async () => {
    const response = await fetch(`${server.url}/api/assistance/create`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ family_id: hogar.id, name: "X", benefits: ["ok", "  ", 3], values: [UNKNOWN, UNKNOWN] })
    })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { issues: unknown[] }
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: ["benefits", 1], message: "No puede haber elementos vacíos" },
        { path: ["benefits", 2], message: "Debe ser un texto" },
        { path: ["values"], message: "Hay identificadores repetidos" }
      ])
    )
  })
})
