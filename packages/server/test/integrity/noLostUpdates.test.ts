import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Call, ifMatch, versioned } from "@palma/core"
import { clientAs, demoTokens } from "../support/api.js"
import { type RawResponse, send } from "../security/http.js"
import { type RunningServer, startServer } from "../support/startServer.js"

/**
 * DESIGN §2 "Concurrency on writes" over HTTP: single-record reads answer an ETag, an update or
 * delete with a stale If-Match is a 412 in Spanish that changes nothing, and a request without
 * If-Match (the original client) still works, last writer winning.
 */

let server: RunningServer
let admin: Call
let token: string

beforeAll(async () => {
  server = await startServer()
  token = (await demoTokens(server.url)).admin
  admin = clientAs(server.url, token)
})
afterAll(() => server?.stop())

const STALE = "Otro usuario modificó este registro. Recargue para ver los cambios."

const call = (method: string, url: string, body?: unknown, ifMatch?: string): Promise<RawResponse> =>
  send(server.url, method, url, {
    token,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(ifMatch === undefined ? {} : { headers: { "if-match": ifMatch } })
  })

const expectStale = (response: RawResponse) => {
  expect(response.status, response.text).toBe(412)
  expect(response.json).toEqual({ _tag: "PreconditionFailed", message: STALE })
}

describe("a master updated by id in the path (family)", () => {
  it("answers an ETag; a stale If-Match is 412 and changes nothing; the current one updates and moves the ETag", async () => {
    const family = await admin((c) => c.family.create({ payload: { name: "Concurrida" } }))
    const read = await call("GET", `/api/family/get/${family.id}`)
    const tag = read.headers.get("etag")!
    expect(tag).toMatch(/^"\d+"$/)

    // Another admin saves first.
    const first = await call("PUT", `/api/family/update/${family.id}`, { name: "Concurrida (A)" }, tag)
    expect(first.status).toBe(200)
    expect(first.headers.get("etag")).not.toBe(tag)

    expectStale(await call("PUT", `/api/family/update/${family.id}`, { name: "Concurrida (B)" }, tag))
    expectStale(await call("DELETE", `/api/family/delete/${family.id}`, undefined, tag))
    const now = await call("GET", `/api/family/get/${family.id}`)
    expect(now.json).toMatchObject({ name: "Concurrida (A)", isActive: true })
    expect(now.headers.get("etag")).toBe(first.headers.get("etag"))

    // With the tag just read, the write goes through; weak tags, lists and * are understood.
    expect((await call("PUT", `/api/family/update/${family.id}`, { name: "Concurrida (B)" }, `W/${now.headers.get("etag")!}`)).status).toBe(200)
    expect(
      (
        await call(
          "PUT",
          `/api/family/update/${family.id}`,
          { name: "Concurrida (C)" },
          `"999999", ${(await call("GET", `/api/family/get/${family.id}`)).headers.get("etag")!}`
        )
      ).status
    ).toBe(200)
    expect((await call("PUT", `/api/family/update/${family.id}`, { name: "Concurrida (D)" }, "*")).status).toBe(200)
    expectStale(await call("PUT", `/api/family/update/${family.id}`, { name: "Concurrida (E)" }, "not-a-tag"))
  })

  it("without If-Match (the original client) the last writer wins, on update and on delete", async () => {
    const family = await admin((c) => c.family.create({ payload: { name: "Sin precondición" } }))
    expect((await call("PUT", `/api/family/update/${family.id}`, { name: "Primera" })).status).toBe(200)
    expect((await call("PUT", `/api/family/update/${family.id}`, { name: "Segunda" })).json).toMatchObject({ name: "Segunda" })
    expect((await call("DELETE", `/api/family/delete/${family.id}`)).json).toMatchObject({ isActive: false })
  })
})

describe("a master updated with the id in the body (the seed's PUT updateById)", () => {
  it("value type: a stale If-Match is 412 and nothing changes", async () => {
    const type = await admin((c) => c.valueType.create({ payload: { code: "Q", name: "Cu", description: "" } }))
    const tag = (await call("GET", `/api/valueType/getById/${type.id}`)).headers.get("etag")!
    expect((await call("PUT", "/api/valueType/updateById", { id: type.id, code: "Q", name: "Cu nuevo" }, tag)).status).toBe(200)
    expectStale(await call("PUT", "/api/valueType/updateById", { id: type.id, code: "Q", name: "Cu perdido" }, tag))
    expect((await call("GET", `/api/valueType/getById/${type.id}`)).json).toMatchObject({ name: "Cu nuevo" })
  })
})

describe("catalog records", () => {
  it("assistance (updateById and the upsert create), product and retail: 412 on a stale If-Match, nothing changed", async () => {
    const gasfiteria = (await admin((c) => c.assistance.getAll())).find((a) => a.name === "Gasfitería")!
    const aTag = (await call("GET", `/api/assistance/getById/${gasfiteria.id}`)).headers.get("etag")!
    const service = (description: string) => ({ id: gasfiteria.id, family_id: gasfiteria.family_id, name: "Gasfitería", description })
    const saved = await call("PUT", "/api/assistance/updateById", service("Nueva descripción"), aTag)
    expect(saved.status, saved.text).toBe(200)
    expectStale(await call("PUT", "/api/assistance/updateById", service("Perdida"), aTag))
    expectStale(await call("POST", "/api/assistance/create", service("Perdida"), aTag))
    expectStale(await call("DELETE", `/api/assistance/deleteById/${gasfiteria.id}`, undefined, aTag))
    expect((await call("GET", `/api/assistance/getById/${gasfiteria.id}`)).json).toMatchObject({ description: "Nueva descripción", isActive: true })

    const product = (await admin((c) => c.product.getAll())).find((p) => p.name === "Asistencia Mascota")!
    const pRead = await call("GET", `/api/product/getById/${product.id}`)
    const pTag = pRead.headers.get("etag")!
    const body = { ...(pRead.json as Record<string, unknown>), title: "Título nuevo" }
    const updated = await call("PUT", `/api/product/update/${product.id}`, body, pTag)
    expect(updated.status, updated.text).toBe(200)
    expectStale(await call("PUT", `/api/product/update/${product.id}`, { ...body, title: "Perdido" }, pTag))
    expectStale(await call("DELETE", `/api/product/delete/${product.id}`, undefined, pTag))
    expect((await call("GET", `/api/product/getById/${product.id}`)).json).toMatchObject({ title: "Título nuevo", isActive: true })

    const retail = (await admin((c) => c.retail.getAll()))[0]!
    const rTag = (await call("GET", `/api/retail/getById/${retail.id}`)).headers.get("etag")!
    expectStale(await call("DELETE", `/api/retail/deleteById/${retail.id}`, undefined, `"${Number(rTag.replaceAll('"', "")) + 1}"`))
    expect((await call("GET", `/api/retail/getById/${retail.id}`)).status).toBe(200)
  })
})

describe("a retail edited by id (Palma's PUT /retail/update/:id beside the seed's upsert by RUT)", () => {
  it("412 on a stale If-Match with nothing changed; the current tag saves and moves; the RUT stays the channel's", async () => {
    const retail = (await admin((c) => c.retail.getAll()))[0]!
    const read = await call("GET", `/api/retail/getById/${retail.id}`)
    const tag = read.headers.get("etag")!
    const body = { ...(read.json as Record<string, unknown>), rut: retail.rut, district: null }
    const first = await call("PUT", `/api/retail/update/${retail.id}`, { ...body, line: "Giro de A" }, tag)
    expect(first.status, first.text).toBe(200)
    expect(first.json).toMatchObject({ id: retail.id, line: "Giro de A" })
    expect(first.headers.get("etag")).not.toBe(tag)

    expectStale(await call("PUT", `/api/retail/update/${retail.id}`, { ...body, line: "Giro de B" }, tag))
    expect((await call("GET", `/api/retail/getById/${retail.id}`)).json).toMatchObject({ line: "Giro de A" })
    expect((await call("PUT", `/api/retail/update/${retail.id}`, { ...body, line: "Giro de B" }, first.headers.get("etag")!)).status).toBe(200)

    const moved = await call("PUT", `/api/retail/update/${retail.id}`, { ...body, rut: "11111111-1" })
    expect(moved.status).toBe(400)
    expect(moved.json).toMatchObject({ message: "El RUT de un canal no se puede cambiar" })
    expect((await call("PUT", "/api/retail/update/00000000-0000-4000-8000-000000000000", body)).status).toBe(404)
  })

  it("the lookup by RUT answers the version as getById does, which the edit of the retail found sends", async () => {
    const retail = (await admin((c) => c.retail.getAll()))[1]!
    const found = await call("GET", `/api/retail/getByRut/${retail.rut}`)
    expect(found.json).toMatchObject({ id: retail.id })
    expect(found.headers.get("etag")).toMatch(/^"\d+"$/)
    expect(found.headers.get("etag")).toBe((await call("GET", `/api/retail/getById/${retail.id}`)).headers.get("etag"))
    const body = { ...(found.json as Record<string, unknown>), rut: retail.rut, district: null }
    const saved = await call("PUT", `/api/retail/update/${retail.id}`, { ...body, line: "Tras buscarlo" }, found.headers.get("etag")!)
    expect(saved.status, saved.text).toBe(200)
    // The tag of the lookup is now stale.
    expectStale(await call("PUT", `/api/retail/update/${retail.id}`, { ...body, line: "Perdido" }, found.headers.get("etag")!))
  })
})

describe("the typed client (web and CLI)", () => {
  it("sends If-Match with the version its caller read: another user's save in between makes its update a typed 412", async () => {
    const family = await admin((c) => c.family.create({ payload: { name: "Dos pestañas" } }))
    const mine = clientAs(server.url, token)
    const theirs = clientAs(server.url, token)
    const read = (call: Call) => call((c) => versioned(c.family.getById({ path: { id: family.id }, withResponse: true })))
    const myRead = await read(mine)
    const theirRead = await read(theirs)
    const saved = await theirs((c) =>
      versioned(ifMatch(theirRead.version)(c.family.update({ path: { id: family.id }, payload: { name: "Guardado por otro" }, withResponse: true })))
    )

    const refused = await mine((c) => ifMatch(myRead.version)(c.family.update({ path: { id: family.id }, payload: { name: "Mío" } }))).catch((e: unknown) => e)
    expect(refused).toMatchObject({ _tag: "ApiFailure", tag: "PreconditionFailed", status: 412, message: STALE })
    expect(await mine((c) => ifMatch(myRead.version)(c.family.delete({ path: { id: family.id } }))).catch((e: unknown) => e)).toMatchObject({ status: 412 })
    // Reading again gives the current version; with it the write goes through, and its answer carries the next one.
    const again = await read(mine)
    const mineSaved = await mine((c) =>
      versioned(ifMatch(again.version)(c.family.update({ path: { id: family.id }, payload: { name: "Mío" }, withResponse: true })))
    )
    expect(mineSaved.record).toMatchObject({ name: "Mío" })
    expect(await mine((c) => ifMatch(mineSaved.version)(c.family.update({ path: { id: family.id }, payload: { name: "Mío otra vez" } })))).toMatchObject({
      name: "Mío otra vez"
    })
    // Their version is now stale, for delete too.
    expect(await theirs((c) => ifMatch(saved.version)(c.family.delete({ path: { id: family.id } }))).catch((e: unknown) => e)).toMatchObject({ status: 412 })
  })

  it("with the id in the body (updateById) too", async () => {
    const type = await admin((c) => c.valueType.create({ payload: { code: "W", name: "Doble u", description: "" } }))
    const mine = clientAs(server.url, token)
    const read = await mine((c) => versioned(c.valueType.getById({ path: { id: type.id }, withResponse: true })))
    await admin((c) => c.valueType.update({ payload: { id: type.id, code: "W", name: "Otro nombre", description: "" } }))
    expect(
      await mine((c) => ifMatch(read.version)(c.valueType.update({ payload: { id: type.id, code: "W", name: "Perdido", description: "" } }))).catch(
        (e: unknown) => e
      )
    ).toMatchObject({
      status: 412
    })
  })
})
