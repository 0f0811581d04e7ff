import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Call, Rut } from "@palma/core"
import { clientAs, demoTokens } from "../support/api.js"
import { planFixture, rutOf } from "../support/catalogFixture.js"
import { specialtyNamed } from "../support/providers.js"
import { rawApi } from "../support/providers.js"
import { type RawResponse, send } from "../security/http.js"
import { type RunningServer, startServer } from "../support/startServer.js"

/**
 * DESIGN §2 "Concurrency on writes" for what 0016 left out (issue 10 §6): a plan's prices, and
 * the people and providers. Palma's edits by id beside the seed's upserts: the single-record read
 * answers an ETag, a stale If-Match is a 412 that changes nothing, the current one saves and moves
 * the version by one, and without If-Match (as the other versioned routes) the last writer wins.
 * The seed's upserts keep working without If-Match, and move the version too.
 */

let server: RunningServer
let admin: Call
let tokens: Awaited<ReturnType<typeof demoTokens>>

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
  admin = clientAs(server.url, tokens.admin)
})
afterAll(() => server?.stop())

type Json = Record<string, unknown>
const STALE = "Otro usuario modificó este registro. Recargue para ver los cambios."

const call = (method: string, url: string, body?: unknown, ifMatch?: string, token = tokens.admin): Promise<RawResponse> =>
  send(server.url, method, `/api${url}`, {
    token,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(ifMatch === undefined ? {} : { headers: { "if-match": ifMatch } })
  })
const { call: ok } = rawApi(
  () => server.url,
  () => tokens.admin
)

const versionOf = (response: RawResponse): number => {
  const tag = response.headers.get("etag")
  expect(tag, `${response.status} ${response.text}`).toMatch(/^"\d+"$/)
  return Number(tag!.replaceAll('"', ""))
}
const tagOf = (version: number) => `"${version}"`

interface VersionedEdit {
  /** The single-record read, answering the ETag. */
  readonly read: string
  /** Palma's update by id. */
  readonly update: string
  /** Bodies of the update; each differs in `field`. */
  readonly body: (value: string) => Json
  readonly field: string
  /** Who may edit (staff routes are checked with an operator's token). */
  readonly token?: string
}

/**
 * The behaviour every versioned edit shares, checked on the row itself: A saves with the tag it
 * read (200, version + 1, the new tag answered); B's save with the same old tag is 412 and the
 * row keeps A's value and version; without If-Match the last writer wins.
 */
const checkVersionedEdit = async ({ read, update, body, field, token = tokens.admin }: VersionedEdit) => {
  const before = await call("GET", read, undefined, undefined, token)
  const version = versionOf(before)

  const first = await call("PUT", update, body("de A"), tagOf(version), token)
  expect(first.status, first.text).toBe(200)
  expect(first.json).toMatchObject({ [field]: "de A" })
  expect(versionOf(first)).toBe(version + 1)

  const refused = await call("PUT", update, body("de B"), tagOf(version), token)
  expect(refused.status, refused.text).toBe(412)
  expect(refused.json).toEqual({ _tag: "PreconditionFailed", message: STALE })
  const now = await call("GET", read, undefined, undefined, token)
  expect(now.json).toMatchObject({ [field]: "de A" })
  expect(versionOf(now)).toBe(version + 1)

  const blind = await call("PUT", update, body("sin precondición"), undefined, token)
  expect(blind.status, blind.text).toBe(200)
  expect(blind.json).toMatchObject({ [field]: "sin precondición" })
  expect(versionOf(blind)).toBe(version + 2)
  return version + 2
}

describe("a plan's prices (Palma's PUT /product/updatePlan/:id beside assignPrices, whose body names the product)", () => {
  it("getByProductPlanId answers the plan's version; a stale If-Match is 412 on updatePlan and deletePlan, and nothing changes", async () => {
    const { planId } = await planFixture(admin, "Versionado", 21_345_671)
    const read = await call("GET", `/product/getByProductPlanId/${planId}`)
    const version = versionOf(read)
    expect(read.headers.get("cache-control")).toBe("no-store")
    const prices = { customerprice: 10990, companyprice: 7000, yearlyprice: 109900 }

    const first = await call("PUT", `/product/updatePlan/${planId}`, prices, tagOf(version))
    expect(first.status, first.text).toBe(200)
    expect(first.json).toMatchObject({ id: planId, customerPrice: 10990, yearlyPrice: 109900, isActive: true })
    expect(versionOf(first)).toBe(version + 1)

    const stale = await call("PUT", `/product/updatePlan/${planId}`, { ...prices, customerprice: 1 }, tagOf(version))
    expect(stale.status).toBe(412)
    expect(stale.json).toEqual({ _tag: "PreconditionFailed", message: STALE })
    const staleDelete = await call("DELETE", `/product/deletePlan/${planId}`, undefined, tagOf(version))
    expect(staleDelete.status).toBe(412)
    const now = await call("GET", `/product/getByProductPlanId/${planId}`)
    expect(now.json).toMatchObject({ productPlan_id: planId, customerPrice: 10990 })
    expect(versionOf(now)).toBe(version + 1)

    // The product's rules hold here too, in Spanish on the field.
    const tooLow = await call("PUT", `/product/updatePlan/${planId}`, { ...prices, companyprice: 10 }, tagOf(version + 1))
    expect(tooLow.status).toBe(400)
    expect(tooLow.json).toMatchObject({ issues: [{ path: ["companyprice"] }] })

    // Without If-Match the last writer wins; then the current tag deletes (deactivates) the plan.
    expect((await call("PUT", `/product/updatePlan/${planId}`, { ...prices, customerprice: 11990 })).status).toBe(200)
    const removed = await call("DELETE", `/product/deletePlan/${planId}`, undefined, tagOf(version + 2))
    expect(removed.status, removed.text).toBe(200)
    expect(removed.json).toMatchObject({ id: planId, isActive: false })
    expect((await call("PUT", `/product/updatePlan/${planId}`, prices)).status).toBe(404)
  })

  it("the seed's assignPrices keeps working without If-Match, and moves the plan's version (a tag read before it is stale)", async () => {
    const { planId, retailId } = await planFixture(admin, "Sin precondición", 21_345_682)
    const version = versionOf(await call("GET", `/product/getByProductPlanId/${planId}`))
    const plan = await admin((c) => c.product.getByProductPlanId({ path: { id: planId } }))
    const assigned = await ok<Json>("POST", "/product/assignPrices", {
      id: plan.id,
      agent_id: retailId,
      customerprice: 12990,
      companyprice: 7000,
      yearlyprice: 99900
    })
    expect(assigned).toMatchObject({ id: planId, customerPrice: 12990, success: true })
    expect(versionOf(await call("GET", `/product/getByProductPlanId/${planId}`))).toBe(version + 1)
    expect((await call("DELETE", `/product/deletePlan/${planId}`, undefined, tagOf(version))).status).toBe(412)
    // The seed's delete, without If-Match, still takes the plan off the channel.
    expect((await call("DELETE", `/product/deletePlan/${planId}`)).json).toMatchObject({ isActive: false })
  })
})

describe("providers: Palma's PUT /<kind>/update/:id beside the seed's create (an upsert by RUT)", () => {
  it("specialist: ETag on getById; stale 412 with nothing changed, fresh saves; the RUT stays; a stale delete changes nothing", async () => {
    const gasfiteria = await specialtyNamed(ok, "Gasfitería")
    const rut = rutOf(17_345_628)
    const state = (address: string) => ({
      rut: Rut.format(rut),
      name: "Rosa",
      paternalLastName: "Núñez",
      address,
      specialties: [gasfiteria.id],
      isRemote: true
    })
    const created = await ok<Json>("POST", "/specialist/create", state("Inicial"))
    const id = String(created.id)
    const version = await checkVersionedEdit({ read: `/specialist/getById/${id}`, update: `/specialist/update/${id}`, body: state, field: "address" })

    // The seed's upsert, without If-Match, works as before and moves the version.
    expect(await ok("POST", "/specialist/create", state("Del cliente original"))).toMatchObject({ id, address: "Del cliente original" })
    expect(versionOf(await call("GET", `/specialist/getById/${id}`))).toBe(version + 1)
    expect((await call("DELETE", `/specialist/deleteById/${id}`, undefined, tagOf(version))).status).toBe(412)
    expect(await ok("GET", `/specialist/getById/${id}`)).toMatchObject({ isActive: true })

    const moved = await call("PUT", `/specialist/update/${id}`, { ...state("Otra"), rut: rutOf(17_345_639) })
    expect(moved.status).toBe(400)
    expect(moved.json).toMatchObject({ message: "El RUT de un especialista no se puede cambiar" })
    expect((await call("PUT", "/specialist/update/00000000-0000-4000-8000-000000000000", state("Nadie"))).status).toBe(404)
    expect((await call("PUT", `/specialist/update/${id}`, state("Operador"), undefined, tokens.user)).status).toBe(403)

    // Deleted with the current tag; saving by id restores, as the upsert does.
    expect((await call("DELETE", `/specialist/deleteById/${id}`, undefined, tagOf(version + 1))).status).toBe(200)
    expect((await call("PUT", `/specialist/update/${id}`, state("De vuelta"))).json).toMatchObject({ isActive: true, address: "De vuelta" })
  })

  it("partner: the same, on its own paths", async () => {
    const cerrajeria = await specialtyNamed(ok, "Cerrajería")
    const rut = rutOf(76_345_611)
    const state = (line: string) => ({ rut: Rut.format(rut), name: "Cerrajería Ñandú Ltda.", line, specialties: [cerrajeria.id] })
    const id = String((await ok<Json>("POST", "/partner/create", state("Inicial"))).id)
    const version = await checkVersionedEdit({ read: `/partner/getById/${id}`, update: `/partner/update/${id}`, body: state, field: "line" })
    expect((await call("DELETE", `/partner/deletePartner/${id}`, undefined, tagOf(version - 1))).status).toBe(412)
    expect(await ok("POST", "/partner/create", state("Del cliente original"))).toMatchObject({ id, line: "Del cliente original", isActive: true })
    expect(versionOf(await call("GET", `/partner/getById/${id}`))).toBe(version + 1)
    expect((await call("PUT", `/partner/update/${id}`, { ...state("x"), rut: rutOf(76_345_622) })).status).toBe(400)
  })

  it.each(["partner", "specialist"] as const)(
    "%s: the lookup by RUT answers the version as getById does, which the edit of the provider found sends; a free RUT answers null without one",
    async (kind) => {
      const specialty = await specialtyNamed(ok, "Cerrajería")
      const rut = rutOf(kind === "partner" ? 76_345_633 : 17_345_644)
      const body = (address: string) => ({
        rut: Rut.format(rut),
        name: "Por RUT",
        paternalLastName: "Buscado",
        address,
        specialties: [specialty.id],
        isRemote: true
      })
      const id = String((await ok<Json>("POST", `/${kind}/create`, body("Inicial"))).id)
      const found = await call("GET", `/${kind}/getByRut/${rut}`)
      expect(found.json).toMatchObject({ id, address: "Inicial" })
      expect(found.headers.get("etag")).toBe((await call("GET", `/${kind}/getById/${id}`)).headers.get("etag"))
      const saved = await call("PUT", `/${kind}/update/${id}`, body("Tras buscarlo"), found.headers.get("etag")!)
      expect(saved.status, saved.text).toBe(200)
      // The tag of the lookup is now stale: a second edit with it changes nothing.
      expect((await call("PUT", `/${kind}/update/${id}`, body("Perdida"), found.headers.get("etag")!)).status).toBe(412)
      expect(await ok("GET", `/${kind}/getByRut/${rut}`)).toMatchObject({ address: "Tras buscarlo" })
      const free = await call("GET", `/${kind}/getByRut/${rutOf(kind === "partner" ? 76_345_655 : 17_345_666)}`)
      expect(free.json).toBeNull()
      expect(free.headers.get("etag")).toBeNull()
    }
  )
})

describe("people: Palma's edits by id beside the seed's upserts by RUT", () => {
  it("contractor (admins): ETag on getById; stale 412 with nothing changed; RUT and kind stay; contractor/create unchanged", async () => {
    const rut = rutOf(13_579_246)
    const state = (address: string) => ({ type: "P", rut: Rut.format(rut), name: "Ana", paternalLastName: "Soto", address })
    const created = await ok<{ data: Json }>("POST", "/contractor/create", state("Inicial"))
    const id = String(created.data.id)
    const version = await checkVersionedEdit({ read: `/contractor/getById/${id}`, update: `/contractor/update/${id}`, body: state, field: "address" })
    expect(await ok("POST", "/contractor/create", state("Del cliente original"))).toMatchObject({ data: { id, address: "Del cliente original" } })
    expect(versionOf(await call("GET", `/contractor/getById/${id}`))).toBe(version + 1)
    expect((await call("PUT", `/contractor/update/${id}`, { ...state("x"), type: "C" })).status).toBe(400)
    expect((await call("PUT", `/contractor/update/${id}`, state("x"), undefined, tokens.user)).status).toBe(403)
  })

  it("titular (operators): GET and PUT /insured/…/:id with ETag and If-Match; insured/upsert unchanged", async () => {
    const rut = rutOf(15_975_312)
    const state = (address: string) => ({ rut: Rut.format(rut), name: "Ñuño", paternalLastName: "Pérez", address })
    const id = String((await ok<Json>("POST", "/insured/upsert", state("Inicial"), tokens.user)).id)
    const version = await checkVersionedEdit({
      read: `/insured/getById/${id}`,
      update: `/insured/update/${id}`,
      body: state,
      field: "address",
      token: tokens.user
    })
    expect(await ok("POST", "/insured/upsert", state("Del cliente original"), tokens.user)).toMatchObject({ id, address: "Del cliente original" })
    expect(versionOf(await call("GET", `/insured/getById/${id}`))).toBe(version + 1)
    const moved = await call("PUT", `/insured/update/${id}`, { ...state("x"), rut: rutOf(15_975_323) })
    expect(moved.json).toMatchObject({ message: "El RUT de una persona no se puede cambiar" })
    expect((await call("GET", "/insured/getById/00000000-0000-4000-8000-000000000000")).status).toBe(404)
  })

  it("carga (operators): the same on /beneficiary, its relationship kept on a blank", async () => {
    const rut = rutOf(22_468_135)
    const state = (address: string) => ({ rut: Rut.format(rut), name: "Tomás", paternalLastName: "Pérez", address, relationship: "" })
    const created = await ok<Json>("POST", "/beneficiary/upsert", { ...state("Inicial"), relationship: "hijo/a" }, tokens.user)
    const id = String(created.id)
    await checkVersionedEdit({ read: `/beneficiary/getById/${id}`, update: `/beneficiary/update/${id}`, body: state, field: "address", token: tokens.user })
    expect(await ok("GET", `/beneficiary/getById/${id}`)).toMatchObject({ relationship: "Hijo/a" })
    expect(await ok("POST", "/beneficiary/upsert", state("Del cliente original"), tokens.user)).toMatchObject({ id, address: "Del cliente original" })
  })
})
