import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { addDays, chileDateOf, Rut } from "@palma/core"
import { send } from "../security/http.js"
import { demoTokens } from "../support/api.js"
import { rutOf } from "../support/catalogFixture.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/** A birth date after today is refused wherever a person is written (issue 31 §3.5: a carga was accepted unborn). */

let server: InProcessServer
let token: string

beforeAll(async () => {
  server = await startServer()
  token = (await demoTokens(server.url)).user
})
afterAll(() => server?.stop())

type Json = Record<string, unknown>
const call = async (method: string, path: string, body?: unknown) => {
  const response = await send(server.url, method, path, { token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  return { status: response.status, json: response.json as Json }
}

const today = () => chileDateOf(new Date())
const refusal = { message: expect.stringContaining("La fecha de nacimiento no puede ser posterior a hoy") }

describe("a birth date in the future", () => {
  it("is refused for a carga added to a subscription, and for one written on its own; today is accepted", async () => {
    const customers = (await call("GET", "/api/customer/getByRutOrName?records=1")).json.data as Array<Json>
    const origin = ((await call("GET", `/api/contractor/getCustomerById/${customers[0]!.id}`)).json.origins as Array<Json>)[0]!
    const carga = (rut: string, birthDate: string) => ({ rut: Rut.format(rut), name: "Nonata", paternalLastName: "Futura", relationship: "Hijo/a", birthDate })
    const add = (rut: string, birthDate: string) =>
      call("POST", "/api/lead/addBeneficiary", {
        insured_id: (origin.insured as Json).id,
        subscription_id: String(origin.subscription_id),
        beneficiary_data: carga(rut, birthDate)
      })

    const unborn = await add(rutOf(16_455_000), addDays(today(), 1))
    expect(unborn.status).toBe(400)
    expect(unborn.json).toMatchObject(refusal)
    const upserted = await call("POST", "/api/beneficiary/upsert", carga(rutOf(16_455_001), addDays(today(), 30)))
    expect(upserted.status).toBe(400)
    expect(upserted.json).toMatchObject(refusal)
    expect(await server.sql((sql) => sql`SELECT 1 FROM beneficiary WHERE rut IN (${rutOf(16_455_000)}, ${rutOf(16_455_001)})`)).toEqual([])

    const born = await add(rutOf(16_455_002), today())
    expect(born.status, JSON.stringify(born.json)).toBe(200)
  })

  it("is refused for a titular too", async () => {
    const titular = await call("POST", "/api/insured/upsert", { rut: rutOf(16_455_003), name: "Tito", paternalLastName: "Futuro", birthDate: "2999-01-01" })
    expect(titular.status).toBe(400)
    expect(titular.json).toMatchObject(refusal)
  })
})
