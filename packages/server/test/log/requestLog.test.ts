import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { faultIdOf, markFaults } from "../../src/http/faultId.js"
import { demo, demoPassword, demoTokens } from "../support/api.js"
import { type RunningServer, startServer } from "../support/startServer.js"

let text: RunningServer
let json: RunningServer

beforeAll(async () => {
  ;[text, json] = await Promise.all([startServer(), startServer({ env: { PALMA_LOG_FORMAT: "json" } })])
})
afterAll(() => Promise.all([text?.stop(), json?.stop()]))

/** A session that puts personal data and secrets everywhere a log could pick them up. */
const scriptedSession = async (server: RunningServer) => {
  const token = (await demoTokens(server.url)).admin
  const signed = { authorization: `Bearer ${token}` }
  const call = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init).then((response) => response.arrayBuffer())
  await call("/api/auth/local/sign-in", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: demo.admin, password: "equivocada" })
  })
  await call("/api/auth/local/sign-in", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: demo.admin, password: demoPassword })
  })
  await call("/api/retail/getByRut/12.345.678-5", { headers: signed })
  await call("/api/retail/getByRut/12345678-5", { headers: signed })
  await call("/api/retail/getByRut/123456785", { headers: signed })
  await call("/api/nope/ana.perez@palma.cl?rut=12.345.678-5", { headers: signed })
  await call(`/api/nope/${token}`)
  await call("/api/family/list", { method: "OPTIONS", headers: { origin: "https://otro.example", "access-control-request-method": "GET" } })
  await call(`/api/${"x/".repeat(7_500)}`)
  await call("/api/family/list", { headers: { authorization: "Bearer not-a-token" } })
  return token
}

describe("the request log", () => {
  it("after a scripted session holds no RUT, email or token, and no client error is logged as an ERROR", async () => {
    const token = await scriptedSession(text)
    const log = text.output()
    expect(log).toContain("GET /api/retail/getByRut/:oculto 404")
    for (const secret of ["12.345.678-5", "12345678", "123456785", "ana.perez", "palma.cl", token, token.split(".")[1]!, "not-a-token"]) {
      expect(log).not.toContain(secret)
    }
    const lines = log.split("\n").filter((line) => line !== "")
    expect(lines.filter((line) => / ERROR /.test(line))).toEqual([])
    // Unknown routes and preflights are client errors: one short INFO line each.
    expect(lines.some((line) => / INFO OPTIONS \/api\/family\/list 404 /.test(line))).toBe(true)
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(400)
  })

  it("writes one JSON object per line with PALMA_LOG_FORMAT=json", async () => {
    const token = await scriptedSession(json)
    const lines = json
      .output()
      .split("\n")
      .filter((line) => line !== "")
    expect(lines.length).toBeGreaterThan(5)
    for (const line of lines) {
      const entry = JSON.parse(line) as { time: string; level: string; message: string }
      expect(entry.level).toMatch(/^(INFO|WARN|ERROR|DEBUG)$/)
      expect(Date.parse(entry.time)).not.toBeNaN()
      expect(entry.message).not.toContain(token)
    }
    expect(lines.some((line) => (JSON.parse(line) as { message: string }).message.startsWith("POST /api/auth/local/sign-in 401 "))).toBe(true)
  })
})

describe("a server fault's answer", () => {
  it("carries an id, in a header and in a Spanish message, that the log line can repeat", async () => {
    const request = HttpServerRequest.fromWeb(new Request("http://palma.test/api/x"))
    const answered = await Effect.runPromise(markFaults(request, HttpServerResponse.empty({ status: 500 })))
    const id = faultIdOf(request)
    expect(id).toMatch(/^[0-9a-f]{12}$/)
    expect(answered.headers["x-request-id"]).toBe(id)
    const body = (await HttpServerResponse.toWeb(answered).json()) as { message: string; requestId: string }
    expect(body).toEqual({ message: `Ocurrió un error inesperado en el servidor. Si se repite, informe el código ${id}.`, requestId: id })
    // Other answers are left alone.
    const fine = HttpServerResponse.empty({ status: 404 })
    expect(await Effect.runPromise(markFaults(HttpServerRequest.fromWeb(new Request("http://palma.test/")), fine))).toBe(fine)
  })
})
