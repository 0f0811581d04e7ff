import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Call, RetailInput, RetailSearch, Rut, RutPath } from "@palma/core"
import { Schema } from "effect"
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

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as { status: number; message: string; issues: ReadonlyArray<{ path: ReadonlyArray<string | number>; message: string }> })

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

describe("retail (channels)", () => {
  it("create is an upsert keyed on the RUT: the same RUT written differently updates, never duplicates", async () => {
    const rut = rutOf(76123456)
    const created = await admin((c) =>
      c.retail.create({
        payload: retailInput({ rut, name: "Tiendas Prueba", line: "Retail", address: "Av. Siempre Viva 123", district: "13101", email: "contacto@prueba.cl" })
      })
    )
    expect(created).toMatchObject({ rut, name: "Tiendas Prueba", district: "13101", isActive: true, logo: null })

    // Sent as typed: dots, no dash, spaces around; the server stores the canonical form.
    const formatted = Rut.format(rut)
    expect(formatted).toMatch(/^76\.123\.456-/)
    const again = await postJson("/api/retail/create", { rut: ` ${formatted.replace("-", "")} `, name: "Tiendas Prueba SpA", legalRepresentative: "Ana Pérez" }, tokens.admin)
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ id: created.id, rut, name: "Tiendas Prueba SpA", legalRepresentative: "Ana Pérez", district: null })
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
    expect(ids(await operador((c) => c.retail.getBySearchValues({ payload: search({ rut: "77.555.2" }) })))).toEqual([b.id])
    expect(ids(await operador((c) => c.retail.getBySearchValues({ payload: search({ rut: "77555", name: "norte" }) })))).toEqual([a.id])
    expect(await operador((c) => c.retail.getBySearchValues({ payload: search({ name: "100%_nada" }) }))).toEqual([])
    const everything = await operador((c) => c.retail.getBySearchValues({ payload: search({}) }))
    expect(ids(everything)).toEqual(expect.arrayContaining([a.id, b.id]))
  })

  it("delete deactivates: gone from reads, and creating the RUT again brings the same channel back", async () => {
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
  let channel: string
  beforeAll(async () => {
    channel = (await admin((c) => c.retail.create({ payload: retailInput({ rut: rutOf(79111222), name: "Canal con Logo" }) }))).id
  })

  it("a real PNG uploads and is served back byte-identical as image/png", async () => {
    const png = tinyPng()
    const updated = await admin((c) => c.retail.uploadLogo({ payload: logoForm(channel, png, "../../mi logo.txt", "text/plain") }))
    expect(updated.logo).toBe(`/api/retail/logo/${channel}`)

    const response = await fetch(`${server.url}${updated.logo}`, { headers: { authorization: `Bearer ${tokens.user}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("image/png")
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png)
    // Through the derived client as well.
    expect(await operador((c) => c.retail.logo({ path: { id: channel } }))).toEqual(png)
  })

  it("a text file renamed .png (and declared image/png) → Spanish 400 on file", async () => {
    const error = await failure(admin((c) => c.retail.uploadLogo({ payload: logoForm(channel, new TextEncoder().encode("hola, soy texto")) })))
    expect(error).toMatchObject({ status: 400 })
    expect(error?.issues).toContainEqual({ path: ["file"], message: "El archivo no es una imagen PNG, JPG, GIF o WEBP" })
  })

  it("a 12 MB image → 413, and the stored logo is unchanged", async () => {
    const big = new Uint8Array(12 * 1024 * 1024)
    big.set(tinyPng())
    const error = await failure(admin((c) => c.retail.uploadLogo({ payload: logoForm(channel, big) })))
    expect(error).toMatchObject({ status: 413 })
    expect(error?.message).toMatch(/10 MB/)
    expect(await operador((c) => c.retail.logo({ path: { id: channel } }))).toEqual(tinyPng())
  })

  it("a 12 MB image sent chunked (no Content-Length) is stopped by the parser → 413", async () => {
    const big = new Uint8Array(12 * 1024 * 1024)
    big.set(tinyPng())
    const boundary = "palmaBoundary"
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${channel}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`
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
      await admin((c) => c.retail.uploadLogo({ payload: logoForm(channel, bytes, "logo.png", "image/png") }))
      const response = await fetch(`${server.url}/api/retail/logo/${channel}`, { headers: { authorization: `Bearer ${tokens.user}` } })
      expect(response.headers.get("content-type")).toBe(type)
    }
  })

  it("an unknown channel → 404; a channel without logo → 404 on logo", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000"
    expect(await statusOf(admin((c) => c.retail.uploadLogo({ payload: logoForm(unknown, tinyPng()) })))).toBe(404)
    const bare = await admin((c) => c.retail.create({ payload: retailInput({ rut: rutOf(79333444), name: "Canal sin Logo" }) }))
    expect(await statusOf(operador((c) => c.retail.logo({ path: { id: bare.id } })))).toBe(404)
  })
})

describe("demo channels (seed)", () => {
  it("are a bank card, a retailer, a broker and the web, with valid RUTs, comunas, priced plans and a format per plan", async () => {
    const channels = await operador((c) => c.retail.getProductsAndRetail())
    const names = ["Tarjeta Banco Austral", "Tiendas Andes", "Corredora Pacífico", "Canal Web Palma"]
    const seeded = names.map((name) => channels.find((r) => r.name === name)!)
    expect(seeded.every(Boolean)).toBe(true)
    const formats = await operador((c) => c.fileFormat.getAll())
    for (const channel of seeded) {
      expect(Rut.isValid(channel.rut), channel.rut).toBe(true)
      expect(channel.district).toMatch(/^\d{5}$/)
      expect(channel.plans.length, channel.name).toBeGreaterThan(0)
      for (const plan of channel.plans) {
        const format = formats.find((f) => f.productPlan_id === plan.id)
        expect(format, `${channel.name} / ${plan.product_name}`).toBeDefined()
        expect(format!.fields.map((f) => f.field)).toEqual(expect.arrayContaining(["rut", "name", "paternalLastName"]))
      }
    }
    expect(seeded.find((r) => r.name === "Canal Web Palma")!.plans.map((p) => p.product_name)).toEqual([
      "Asistencia Hogar",
      "Asistencia Integral",
      "Asistencia Mascota"
    ])
  })
})

describe("channels with their plans", () => {
  it("getProductsAndRetail lists each active channel with its plans: product name and prices", async () => {
    const fixture = await planFixture(admin, "Planes", 76777888)
    const channels = await operador((c) => c.retail.getProductsAndRetail())
    const channel = channels.find((r) => r.id === fixture.retailId)
    expect(channel?.plans).toEqual([
      expect.objectContaining({ id: fixture.planId, product_name: fixture.productName, agent_id: fixture.retailId, currency: "P", customerPrice: 9990, companyPrice: 7000, yearlyPrice: 99900 })
    ])
    await admin((c) => c.retail.deleteById({ path: { id: fixture.retailId } }))
    expect((await operador((c) => c.retail.getProductsAndRetail())).map((r) => r.id)).not.toContain(fixture.retailId)
  })
})

describe("retail access", () => {
  it("operador reads but gets 403 on every write", async () => {
    const [channel] = await operador((c) => c.retail.getAll())
    expect(channel).toBeDefined()
    expect(await statusOf(operador((c) => c.retail.create({ payload: retailInput({ rut: rutOf(76555444), name: "No" }) })))).toBe(403)
    expect(await statusOf(operador((c) => c.retail.deleteById({ path: { id: channel!.id } })))).toBe(403)
    expect(await statusOf(operador((c) => c.retail.uploadLogo({ payload: logoForm(channel!.id, tinyPng()) })))).toBe(403)
    expect((await operador((c) => c.retail.getById({ path: { id: channel!.id } }))).isActive).toBe(true)
  })
})
