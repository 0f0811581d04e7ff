import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Call, RetailInput, RetailSearch, Rut, RutPath } from "@palma/core"
import { Schema } from "effect"
import { send } from "../security/http.js"
import { clientAs, demoTokens, statusOf } from "../support/api.js"
import { planFixture, rutOf } from "../support/catalogFixture.js"
import { type RunningServer, startServer } from "../support/startServer.js"
import { tinyPng } from "../support/tinyPng.js"

let server: RunningServer
let tokens: Awaited<ReturnType<typeof demoTokens>>
let admin: Call
let operador: Call

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
  admin = clientAs(server.url, tokens.admin)
  operador = clientAs(server.url, tokens.user)
})
afterAll(() => server?.stop())

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { status: number; message: string; issues: ReadonlyArray<{ path: ReadonlyArray<string | number>; message: string }> }
  )

/** Payloads as the typed client takes them (decoded), written as a person would type them. */
const retailInput = Schema.decodeUnknownSync(RetailInput)
const search = Schema.decodeUnknownSync(RetailSearch)
const rutPath = Schema.decodeUnknownSync(RutPath)

/** A JSON body exactly as given, past the typed client (which would send only canonical values). */
const postJson = (path: string, body: unknown, token: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body)
  })

const logoForm = (id: string, bytes: Uint8Array, name = "logo.png", type = "image/png") => {
  const form = new FormData()
  form.append("id", id)
  form.append("file", new Blob([bytes], { type }), name)
  return form
}

describe("retail", () => {
  it("create is an upsert keyed on the RUT: the same RUT written differently updates, never duplicates", async () => {
    const rut = rutOf(76123456)
    const created = await admin((c) =>
      c.retail.create({
        payload: retailInput({ rut, name: "Tiendas Prueba", line: "Retail", address: "Av. Siempre Viva 123", district: "13101", email: "contacto@prueba.cl" })
      })
    )
    expect(created).toMatchObject({ rut, name: "Tiendas Prueba", district: "Santiago", district_id: "13101", isActive: true, logo: null })

    // Sent as typed: dots, no dash, spaces around; the server stores the canonical form.
    const formatted = Rut.format(rut)
    expect(formatted).toMatch(/^76\.123\.456-/)
    const again = await postJson(
      "/api/retail/create",
      { rut: ` ${formatted.replace("-", "")} `, name: "Tiendas Prueba SpA", legalRepresentative: "Ana Pérez" },
      tokens.admin
    )
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({
      id: created.id,
      rut: formatted,
      name: "Tiendas Prueba SpA",
      legalRepresentative: "Ana Pérez",
      district: "",
      district_id: null
    })
    const all = await operador((c) => c.retail.getAll())
    expect(all.filter((r) => r.rut === rut)).toHaveLength(1)
    expect(await operador((c) => c.retail.getByRut({ path: rutPath({ rut: formatted }) }))).toMatchObject({ id: created.id, name: "Tiendas Prueba SpA" })
    expect(await operador((c) => c.retail.getById({ path: { id: created.id } }))).toMatchObject({ rut })
  })

  it("refuses an invalid RUT and an unknown comuna with a Spanish 400 on the field", async () => {
    for (const rut of ["76.123.456-1", "12.345.678-9", "abc", ""]) {
      const response = await postJson("/api/retail/create", { rut, name: "X" }, tokens.admin)
      expect(response.status, rut).toBe(400)
      const body = (await response.json()) as { message: string; issues: ReadonlyArray<{ path: ReadonlyArray<string>; message: string }> }
      expect(body.issues).toContainEqual({ path: ["rut"], message: "RUT inválido: revise el número y el dígito verificador" })
    }
    const badPath = await fetch(`${server.url}/api/retail/getByRut/12.345.678-9`, { headers: { authorization: `Bearer ${tokens.user}` } })
    expect(badPath.status).toBe(400)

    const unknownDistrict = await failure(admin((c) => c.retail.create({ payload: retailInput({ rut: rutOf(76000111), name: "X", district: "99999" }) })))
    expect(unknownDistrict).toMatchObject({ status: 400 })
    expect(unknownDistrict?.issues).toContainEqual({ path: ["district"], message: "La comuna no existe en la lista oficial" })
    expect((await operador((c) => c.retail.getAll())).map((r) => r.rut)).not.toContain(rutOf(76000111))
  })

  it("searches by partial RUT and name, either optional", async () => {
    const a = await admin((c) => c.retail.create({ payload: retailInput({ rut: rutOf(77555111), name: "Corredora Búsqueda Norte" }) }))
    const b = await admin((c) => c.retail.create({ payload: retailInput({ rut: rutOf(77555222), name: "Corredora Búsqueda Sur" }) }))
    const ids = (rows: ReadonlyArray<{ id: string }>) => rows.map((r) => r.id)
    expect(ids(await operador((c) => c.retail.getBySearchValues({ payload: search({ name: "búsqueda" }) })))).toEqual([a.id, b.id])
    expect(ids(await operador((c) => c.retail.getBySearchValues({ payload: search({ name: "BUSQUEDA" }) })))).toEqual([a.id, b.id])
    expect(ids(await operador((c) => c.retail.getBySearchValues({ payload: search({ rut: "77.555.2" }) })))).toEqual([b.id])
    expect(ids(await operador((c) => c.retail.getBySearchValues({ payload: search({ rut: "77555", name: "norte" }) })))).toEqual([a.id])
    expect(await operador((c) => c.retail.getBySearchValues({ payload: search({ name: "100%_nada" }) }))).toEqual([])
    const everything = await operador((c) => c.retail.getBySearchValues({ payload: search({}) }))
    expect(ids(everything)).toEqual(expect.arrayContaining([a.id, b.id]))
  })

  it("delete deactivates: gone from reads, and creating the RUT again brings the same retail back", async () => {
    const rut = rutOf(78900123)
    const created = await admin((c) => c.retail.create({ payload: retailInput({ rut, name: "Canal Temporal" }) }))
    const deleted = await admin((c) => c.retail.deleteById({ path: { id: created.id } }))
    expect(deleted.isActive).toBe(false)
    expect(await statusOf(operador((c) => c.retail.getById({ path: { id: created.id } })))).toBe(404)
    expect(await statusOf(operador((c) => c.retail.getByRut({ path: rutPath({ rut }) })))).toBe(404)
    expect(await statusOf(admin((c) => c.retail.deleteById({ path: { id: created.id } })))).toBe(404)
    const back = await admin((c) => c.retail.create({ payload: retailInput({ rut, name: "Canal Temporal" }) }))
    expect(back).toMatchObject({ id: created.id, isActive: true })
  })
})

describe("retail logo", () => {
  let retailId: string
  beforeAll(async () => {
    retailId = (await admin((c) => c.retail.create({ payload: retailInput({ rut: rutOf(79111222), name: "Canal con Logo" }) }))).id
  })

  it("a real PNG uploads and is served back byte-identical as image/png", async () => {
    const png = tinyPng()
    const updated = await admin((c) => c.retail.uploadLogo({ payload: logoForm(retailId, png, "../../mi logo.txt", "text/plain") }))
    expect(updated.logo).toBe(`/api/retail/logo/${retailId}`)

    const response = await fetch(`${server.url}${updated.logo}`, { headers: { authorization: `Bearer ${tokens.user}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("image/png")
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png)
    // Through the derived client as well.
    expect(await operador((c) => c.retail.logo({ path: { id: retailId } }))).toEqual(png)
  })

  it("a text file renamed .png (and declared image/png) → Spanish 400 on file", async () => {
    const error = await failure(admin((c) => c.retail.uploadLogo({ payload: logoForm(retailId, new TextEncoder().encode("hola, soy texto")) })))
    expect(error).toMatchObject({ status: 400 })
    expect(error?.issues).toContainEqual({ path: ["file"], message: "El archivo no es una imagen PNG, JPG, GIF o WEBP" })
  })

  it("a 12 MB image → 413, and the stored logo is unchanged", async () => {
    const big = new Uint8Array(12 * 1024 * 1024)
    big.set(tinyPng())
    const error = await failure(admin((c) => c.retail.uploadLogo({ payload: logoForm(retailId, big) })))
    expect(error).toMatchObject({ status: 413 })
    expect(error?.message).toMatch(/10 MB/)
    expect(await operador((c) => c.retail.logo({ path: { id: retailId } }))).toEqual(tinyPng())
  })

  it("a 12 MB image sent chunked (no Content-Length) is stopped by the parser → 413", async () => {
    const big = new Uint8Array(12 * 1024 * 1024)
    big.set(tinyPng())
    const boundary = "palmaBoundary"
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${retailId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`
    )
    const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head)
        for (let i = 0; i < big.length; i += 1024 * 1024) controller.enqueue(big.subarray(i, i + 1024 * 1024))
        controller.enqueue(tail)
        controller.close()
      }
    })
    const response = await fetch(`${server.url}/api/retail/uploadLogo`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.admin}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half"
    } as RequestInit)
    expect(response.status).toBe(413)
  })

  it("GIF, JPEG and WEBP are recognised by their bytes whatever their name", async () => {
    const samples: ReadonlyArray<readonly [string, Uint8Array]> = [
      ["image/gif", new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000")],
      ["image/jpeg", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
      ["image/webp", new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ")]
    ]
    for (const [type, bytes] of samples) {
      await admin((c) => c.retail.uploadLogo({ payload: logoForm(retailId, bytes, "logo.png", "image/png") }))
      const response = await fetch(`${server.url}/api/retail/logo/${retailId}`, { headers: { authorization: `Bearer ${tokens.user}` } })
      expect(response.headers.get("content-type")).toBe(type)
    }
  })

  it("an unknown retail → 404; a retail without logo → 404 on logo", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000"
    expect(await statusOf(admin((c) => c.retail.uploadLogo({ payload: logoForm(unknown, tinyPng()) })))).toBe(404)
    const bare = await admin((c) => c.retail.create({ payload: retailInput({ rut: rutOf(79333444), name: "Canal sin Logo" }) }))
    expect(await statusOf(operador((c) => c.retail.logo({ path: { id: bare.id } })))).toBe(404)
  })
})

describe("demo retails (seed)", () => {
  it("are a bank card, a retailer, a broker and the web, with valid RUTs, comunas, priced plans and a format per plan", async () => {
    const retails = await operador((c) => c.retail.getProductsAndRetail())
    const all = await operador((c) => c.retail.getAll())
    const names = ["Tarjeta Banco Austral", "Tiendas Andes", "Corredora Pacífico", "Canal Web Palma"]
    const seeded = names.map((name) => retails.find((r) => r.name === name)!)
    expect(seeded.every(Boolean)).toBe(true)
    const withFormats = (await operador((c) => c.fileFormat.getAll())).map((r) => r.retail_id)
    for (const retail of seeded) {
      expect(Rut.isValid(retail.rut), retail.rut).toBe(true)
      const row = all.find((r) => r.id === retail.id)!
      expect(row.district_id).toMatch(/^\d{5}$/)
      expect(row.district).not.toBe("")
      expect(row.fantasyName).not.toBe("")
      expect(withFormats).toContain(retail.id)
      expect(retail.plans.length, retail.name).toBeGreaterThan(0)
      for (const plan of retail.plans) {
        const format = await operador((c) => c.fileFormat.getByProductPlanId({ path: { productPlan_id: plan.id } }))
        expect(
          format.map((f) => f.field_id),
          `${retail.name} / ${plan.product_name}`
        ).toEqual(expect.arrayContaining(["rut", "name", "paternalLastName"]))
      }
    }
    expect(seeded.find((r) => r.name === "Canal Web Palma")!.plans.map((p) => p.product_name)).toEqual([
      "Asistencia Hogar",
      "Asistencia Integral",
      "Asistencia Mascota"
    ])
  })
})

describe("retails with their plans", () => {
  it("getProductsAndRetail lists each active retail with its plans: product name and prices", async () => {
    const fixture = await planFixture(admin, "Planes", 76777888)
    const retails = await operador((c) => c.retail.getProductsAndRetail())
    const retail = retails.find((r) => r.id === fixture.retailId)
    expect(retail?.plans).toEqual([
      expect.objectContaining({
        id: fixture.planId,
        product_name: fixture.productName,
        agent_id: fixture.retailId,
        currency: "P",
        customerPrice: 9990,
        companyPrice: 7000,
        yearlyPrice: 99900
      })
    ])
    await admin((c) => c.retail.deleteById({ path: { id: fixture.retailId } }))
    expect((await operador((c) => c.retail.getProductsAndRetail())).map((r) => r.id)).not.toContain(fixture.retailId)
  })
})

describe("retail access", () => {
  it("operador reads but gets 403 on every write", async () => {
    const [retail] = await operador((c) => c.retail.getAll())
    expect(retail).toBeDefined()
    expect(await statusOf(operador((c) => c.retail.create({ payload: retailInput({ rut: rutOf(76555444), name: "No" }) })))).toBe(403)
    expect(await statusOf(operador((c) => c.retail.deleteById({ path: { id: retail!.id } })))).toBe(403)
    expect(await statusOf(operador((c) => c.retail.uploadLogo({ payload: logoForm(retail!.id, tinyPng()) })))).toBe(403)
    expect((await operador((c) => c.retail.getById({ path: { id: retail!.id } }))).isActive).toBe(true)
  })
})

describe("the original client's calls (seed API, verbatim)", () => {
  /** A JSON call exactly as the original client makes it, past the typed client. */
  const raw = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await send(server.url, method, path, { token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    return { status: response.status, json: response.json as Record<string, unknown> & ReadonlyArray<Record<string, unknown>> }
  }
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
  const dotted = /^\d{1,3}(\.\d{3})*-[\dK]$/

  /** The client's whole retail state, as its form posts it to `retail/create`. */
  const clientState = (rut: string, fields: Record<string, unknown> = {}) => ({
    id: "",
    rut: Rut.format(rut),
    name: "Seguros del Sur",
    legalRepresentative: "Marta Díaz",
    line: "Seguros generales",
    fantasyName: "SurSeguros",
    address: "Av. Irarrázaval 3450",
    district: "Ñuñoa",
    email: "contacto@sursur.cl",
    phone: "+56 2 2233 4455",
    logo: "",
    products: [],
    users: [],
    ...fields
  })

  it("create takes the client's whole state (comuna by name, blank logo, its lists) and answers the retail as getById does", async () => {
    const rut = rutOf(76543210)
    const created = await raw(
      "POST",
      "/api/retail/create",
      tokens.admin,
      clientState(rut, { district: "nunoa", isActive: false, user_id: "x", created_by: "y" })
    )
    expect(created.status).toBe(200)
    expect(created.json).toEqual({
      id: expect.stringMatching(uuid),
      rut: Rut.format(rut),
      name: "Seguros del Sur",
      legalRepresentative: "Marta Díaz",
      line: "Seguros generales",
      fantasyName: "SurSeguros",
      address: "Av. Irarrázaval 3450",
      district: "Ñuñoa",
      district_id: "13120",
      email: "contacto@sursur.cl",
      phone: "+56 2 2233 4455",
      logo: null,
      products: [],
      users: [],
      isActive: true
    })
    const id = created.json["id"] as string
    expect(await raw("GET", `/api/retail/getById/${id}`, tokens.user)).toEqual(created)
    expect(await raw("GET", `/api/retail/getByRut/${Rut.format(rut)}`, tokens.user)).toEqual(created)
    expect(await raw("GET", `/api/retail/getByRut/${rut}`, tokens.user)).toEqual(created)

    // The comuna by CUT code, blanks for what is unknown.
    const again = await raw("POST", "/api/retail/create", tokens.admin, clientState(rut, { id, district: "13101", email: "", phone: "" }))
    expect(again.json).toMatchObject({ id, district: "Santiago", district_id: "13101", email: null, phone: null })
    const blank = await raw("POST", "/api/retail/create", tokens.admin, clientState(rut, { id, district: "" }))
    expect(blank.json).toMatchObject({ id, district: "", district_id: null })
  })

  it("an id in the body never picks the retail: the RUT does, and the other retail is untouched", async () => {
    const other = (await raw("POST", "/api/retail/create", tokens.admin, clientState(rutOf(76543211), { name: "Canal Ajeno" }))).json
    const before = await raw("GET", `/api/retail/getById/${String(other["id"])}`, tokens.user)
    const mine = await raw("POST", "/api/retail/create", tokens.admin, clientState(rutOf(76543212), { id: other["id"], name: "Canal Propio" }))
    expect(mine.status).toBe(200)
    expect(mine.json["id"]).not.toBe(other["id"])
    expect(await raw("GET", `/api/retail/getById/${String(other["id"])}`, tokens.user)).toEqual(before)
  })

  it("an unknown comuna name → Spanish 400 on district, nothing written", async () => {
    const rut = rutOf(76543213)
    const response = await raw("POST", "/api/retail/create", tokens.admin, clientState(rut, { district: "Gótica" }))
    expect(response.status).toBe(400)
    expect(response.json["issues"]).toContainEqual({ path: ["district"], message: "La comuna no existe en la lista oficial" })
    expect((await raw("GET", `/api/retail/getByRut/${Rut.format(rut)}`, tokens.user)).status).toBe(404)
  })

  it("getAll lists active retails with the fields the client reads; unknown ids and RUTs are 404", async () => {
    const response = await raw("GET", "/api/retail/getAll", tokens.user)
    expect(response.status).toBe(200)
    expect(response.json.length).toBeGreaterThan(0)
    for (const row of response.json) {
      expect(row).toMatchObject({ id: expect.stringMatching(uuid), rut: expect.stringMatching(dotted), name: expect.any(String), isActive: true })
      for (const key of ["legalRepresentative", "line", "fantasyName", "address", "district"]) expect(typeof row[key], key).toBe("string")
      for (const key of ["email", "phone", "district_id"]) expect(row[key] === null || typeof row[key] === "string", key).toBe(true)
    }
    expect(response.json.find((r) => r["name"] === "Tiendas Andes")).toMatchObject({ district: "Providencia", district_id: "13123", fantasyName: "Andes" })
    expect((await raw("GET", "/api/retail/getById/00000000-0000-4000-8000-000000000000", tokens.user)).status).toBe(404)
    expect((await raw("GET", "/api/retail/getByRut/11.111.111-1", tokens.user)).status).toBe(404)
  })

  describe("with a retail that sells a plan", () => {
    let fixture: Awaited<ReturnType<typeof planFixture>>
    let productId: string
    beforeAll(async () => {
      fixture = await planFixture(admin, "Compat", 76888999)
      const retails = await operador((c) => c.retail.getProductsAndRetail())
      productId = retails.find((r) => r.id === fixture.retailId)!.plans[0]!.product_id
    })

    it("getById answers its products (product id, name, plan id, customer price, frequency, live subscriptions) and no users", async () => {
      const response = await raw("GET", `/api/retail/getById/${fixture.retailId}`, tokens.user)
      expect(response.json["products"]).toEqual([
        {
          id: productId,
          product_id: productId,
          name: fixture.productName,
          productplan_id: fixture.planId,
          currency: "P",
          frequency: "M",
          price: 9990,
          companyPrice: 7000,
          yearlyPrice: 99900,
          subscriptions: 0
        }
      ])
      expect(response.json["users"]).toEqual([])
    })

    it("getBySearchValues with blank criteria finds every active retail, with products and insured as counts", async () => {
      const all = await raw("POST", "/api/retail/getBySearchValues", tokens.user, { rut: "", name: "" })
      expect(all.status).toBe(200)
      for (const row of all.json) {
        expect(row).toMatchObject({
          id: expect.stringMatching(uuid),
          rut: expect.stringMatching(dotted),
          name: expect.any(String),
          products: expect.any(Number),
          insured: 0
        })
      }
      expect(all.json.find((r) => r["id"] === fixture.retailId)).toMatchObject({ name: "Canal Compat", products: 1, insured: 0 })
      const byName = await raw("POST", "/api/retail/getBySearchValues", tokens.user, { rut: "", name: "canal compat" })
      expect(byName.json.map((r) => r["id"])).toEqual([fixture.retailId])
      const byRut = await raw("POST", "/api/retail/getBySearchValues", tokens.user, { rut: Rut.format(rutOf(76888999)), name: "" })
      expect(byRut.json.map((r) => r["id"])).toEqual([fixture.retailId])
    })

    it("getProductsAndRetail answers [{id, rut, name, products:[{id, name, productplan_id}]}]", async () => {
      const response = await raw("GET", "/api/retail/getProductsAndRetail", tokens.user)
      expect(response.status).toBe(200)
      const retail = response.json.find((r) => r["id"] === fixture.retailId)!
      expect(retail).toMatchObject({ rut: Rut.format(rutOf(76888999)), name: "Canal Compat" })
      expect(retail["products"]).toEqual([{ id: productId, name: fixture.productName, productplan_id: fixture.planId }])
      for (const row of response.json) expect(row["products"]).toBeInstanceOf(Array)
    })

    it("deleteById deactivates: 200, then getById is 404 and the lists leave it out", async () => {
      expect((await raw("DELETE", `/api/retail/deleteById/${fixture.retailId}`, tokens.admin)).status).toBe(200)
      expect((await raw("GET", `/api/retail/getById/${fixture.retailId}`, tokens.user)).status).toBe(404)
      expect((await raw("GET", "/api/retail/getAll", tokens.user)).json.map((r) => r["id"])).not.toContain(fixture.retailId)
      const search = await raw("POST", "/api/retail/getBySearchValues", tokens.user, { rut: "", name: "" })
      expect(search.json.map((r) => r["id"])).not.toContain(fixture.retailId)
      expect((await raw("GET", "/api/retail/getProductsAndRetail", tokens.user)).json.map((r) => r["id"])).not.toContain(fixture.retailId)
    })
  })
})
