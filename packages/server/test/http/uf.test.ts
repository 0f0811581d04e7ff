import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { addDays, chileDateOf } from "@palma/core"
import { demoUfOn } from "../../src/seed/demoUf.js"
import { send } from "../security/http.js"
import { demoTokens } from "../support/api.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * The UF by day (issue 12): the demo series a fresh start has, an admin's values over it, a
 * provider (a local mindicador-style server started here, never the internet) asked for a
 * missing day and remembered, and the last known value, flagged stale, when the provider is down.
 */

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- wire answers are read field by field

const today = chileDateOf(new Date())
const daysAgo = (n: number) => addDays(today, -n)
const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("-")

/** A provider that knows the values in `published` and counts what it was asked; `hang` never answers. */
const startProvider = async (published: Record<string, number>, hang = false) => {
  const asked: Array<string> = []
  const server: Server = createServer((request, response) => {
    const path = request.url ?? ""
    asked.push(path)
    if (hang) return
    const match = /^\/api\/uf\/(\d{2}-\d{2}-\d{4})$/.exec(path)
    if (!match) {
      response.writeHead(404).end()
      return
    }
    const valor = published[match[1]!]
    response.writeHead(200, { "content-type": "application/json" })
    response.end(JSON.stringify({ version: "1.7.0", codigo: "uf", serie: valor === undefined ? [] : [{ fecha: "2026-01-01T03:00:00.000Z", valor }] }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo // a TCP server's address is an AddressInfo
  return {
    url: `http://127.0.0.1:${port}/api`,
    asked,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

const get = async (server: InProcessServer, date: string, token: string) => {
  const response = await send(server.url, "GET", `/api/uf/${date}`, { token })
  return { status: response.status, json: response.json as Json }
}

describe("without a provider", () => {
  let server: InProcessServer
  let tokens: Awaited<ReturnType<typeof demoTokens>>
  beforeAll(async () => {
    server = await startServer()
    tokens = await demoTokens(server.url)
  })
  afterAll(() => server?.stop())

  it("a fresh start knows the last 18 months from the demo series, marked as demo", async () => {
    for (const date of [daysAgo(0), daysAgo(40), daysAgo(540)]) {
      const { status, json } = await get(server, date, tokens.user)
      expect(status, JSON.stringify(json)).toBe(200)
      expect(json).toEqual({ requested: date, date, value: demoUfOn(date), source: "demo", stale: false })
    }
    expect(Number(demoUfOn(daysAgo(540)))).toBeGreaterThanOrEqual(36_000)
    expect(Number(demoUfOn(today))).toBeLessThanOrEqual(41_000)
  })

  it("a day after the last known one answers that value, flagged stale", async () => {
    const ahead = addDays(today, 10)
    const { status, json } = await get(server, ahead, tokens.moderator)
    expect(status).toBe(200)
    expect(json).toEqual({ requested: ahead, date: today, value: demoUfOn(today), source: "demo", stale: true })
  })

  it("a day before anything known is a 404 in Spanish", async () => {
    const { status, json } = await get(server, "2001-02-03", tokens.admin)
    expect(status).toBe(404)
    expect(json.message).toBe("No hay un valor de la UF conocido para el 03-02-2001 ni para días anteriores")
  })

  it("an impossible date is a 400 in Spanish", async () => {
    const { status, json } = await get(server, "2024-02-30", tokens.user)
    expect(status).toBe(400)
    expect(json.message).toBe("date: Fecha inexistente")
  })

  it("an admin's values win over the demo series, and fill days it lacks", async () => {
    const date = daysAgo(3)
    const old = "2010-06-01"
    const put = await send(server.url, "PUT", "/api/uf", {
      token: tokens.admin,
      body: JSON.stringify({
        values: [
          { date, value: "38123.4" },
          { date: old, value: "21203.58" }
        ]
      })
    })
    expect(put.status, put.text).toBe(200)
    expect(put.json).toEqual({ saved: 2 })
    expect((await get(server, date, tokens.user)).json).toEqual({ requested: date, date, value: "38123.40", source: "admin", stale: false })
    expect((await get(server, "2010-06-05", tokens.user)).json).toEqual({ requested: "2010-06-05", date: old, value: "21203.58", source: "admin", stale: true })
  })

  it("refuses a zero value, a repeated day and an empty list, in Spanish, writing nothing", async () => {
    const refused = [
      { values: [{ date: "2011-01-01", value: "0" }], message: "El valor de la UF debe ser mayor que cero" },
      {
        values: [
          { date: "2011-01-01", value: "1.00" },
          { date: "2011-01-01", value: "2.00" }
        ],
        message: "Hay fechas repetidas"
      },
      { values: [], message: "Ingrese al menos un valor" }
    ]
    for (const { values, message } of refused) {
      const put = await send(server.url, "PUT", "/api/uf", { token: tokens.admin, body: JSON.stringify({ values }) })
      expect(put.status, put.text).toBe(400)
      expect((put.json as Json).message).toContain(message)
    }
    const rows = await server.sql((sql) => sql`SELECT 1 FROM uf_value WHERE date = '2011-01-01'`.pipe(Effect.map((r) => r.length)))
    expect(rows).toBe(0)
  })

  it("only an admin enters values", async () => {
    const body = JSON.stringify({ values: [{ date: "2012-01-01", value: "22000.00" }] })
    expect((await send(server.url, "PUT", "/api/uf", { token: tokens.moderator, body })).status).toBe(403)
    expect((await send(server.url, "PUT", "/api/uf", { token: tokens.user, body })).status).toBe(403)
    expect((await get(server, today, tokens.none)).status).toBe(403)
  })
})

describe("with a provider", () => {
  let server: InProcessServer
  let tokens: Awaited<ReturnType<typeof demoTokens>>
  let provider: Awaited<ReturnType<typeof startProvider>>
  const published = daysAgo(20)
  const entered = daysAgo(21)

  beforeAll(async () => {
    provider = await startProvider({ [ddmmyyyy(published)]: 39643.59, [ddmmyyyy(entered)]: 39000.01 })
    server = await startServer({ env: { PALMA_UF_URL: provider.url } })
    tokens = await demoTokens(server.url)
  })
  afterAll(async () => {
    await server?.stop()
    await provider?.stop()
  })

  it("asks the provider for a day it has no real value for, stores the answer and asks no more", async () => {
    const first = await get(server, published, tokens.user)
    expect(first.json).toEqual({ requested: published, date: published, value: "39643.59", source: "provider", stale: false })
    expect(provider.asked).toEqual([`/api/uf/${ddmmyyyy(published)}`])
    const stored = await server.sql(
      (sql) => sql<{ source: string; value: string }>`SELECT source, value::text AS value FROM uf_value WHERE date = ${published}`
    )
    expect(stored).toEqual([{ source: "provider", value: "39643.59" }])
    expect((await get(server, published, tokens.user)).json).toMatchObject({ value: "39643.59", source: "provider" })
    expect(provider.asked).toHaveLength(1)
  })

  it("keeps the demo value for a day the provider has not published", async () => {
    const date = daysAgo(22)
    expect((await get(server, date, tokens.user)).json).toEqual({ requested: date, date, value: demoUfOn(date), source: "demo", stale: false })
  })

  it("never lets the provider replace an admin's value", async () => {
    const put = await send(server.url, "PUT", "/api/uf", { token: tokens.admin, body: JSON.stringify({ values: [{ date: entered, value: "38500.00" }] }) })
    expect(put.status).toBe(200)
    const asked = provider.asked.length
    expect((await get(server, entered, tokens.user)).json).toMatchObject({ value: "38500.00", source: "admin", stale: false })
    expect(provider.asked).toHaveLength(asked)
  })

  it("with the provider down, a day without a value answers the last known one, flagged stale", async () => {
    await provider.stop()
    const ahead = addDays(today, 3)
    const { status, json } = await get(server, ahead, tokens.user)
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json).toEqual({ requested: ahead, date: today, value: demoUfOn(today), source: "demo", stale: true })
  })
})

describe("with a provider that never answers", () => {
  let server: InProcessServer
  let provider: Awaited<ReturnType<typeof startProvider>>

  beforeAll(async () => {
    provider = await startProvider({}, true)
    server = await startServer({ env: { PALMA_UF_URL: provider.url } })
  })
  afterAll(async () => {
    await server?.stop()
    await provider?.stop()
  })

  it("gives up on it and answers the last known value, then leaves it alone", async () => {
    const { user } = await demoTokens(server.url)
    const ahead = addDays(today, 2)
    expect((await get(server, ahead, user)).json).toEqual({ requested: ahead, date: today, value: demoUfOn(today), source: "demo", stale: true })
    expect(provider.asked).toHaveLength(1)
    expect((await get(server, addDays(today, 3), user)).json).toMatchObject({ date: today, stale: true })
    expect(provider.asked).toHaveLength(1)
  })
})
