import { randomUUID } from "node:crypto"
import { Agent, get as httpGet } from "node:http"
import { Deferred, Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PG_POOL_SIZE } from "../../src/sql/Database.js"
import { demoTokens } from "../support/api.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

const metricsToken = "prueba-de-metricas-0123456789abcdef"

/** Metrics off, every request logged. */
let plain: InProcessServer
/** Metrics on. */
let measured: InProcessServer

beforeAll(async () => {
  ;[plain, measured] = await Promise.all([startServer({ env: { PALMA_ACCESS_LOG: "all" } }), startServer({ env: { PALMA_METRICS_TOKEN: metricsToken } })])
})
afterAll(() => Promise.all([plain?.stop(), measured?.stop()]))

const get = async (server: InProcessServer, path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}${path}`, { headers })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

const scrape = async () => {
  const answer = await get(measured, "/metrics", { authorization: `Bearer ${metricsToken}` })
  expect(answer.status).toBe(200)
  return answer.text
}

/** The value of a series, by its exact name and labels as printed. */
const valueOf = (text: string, series: string): number | undefined => {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

/**
 * Holds every connection the server's database has (PGlite's one, or the PostgreSQL pool) in
 * transactions of the server's own client, until `release` is called.
 */
const holdDatabase = async (server: InProcessServer) => {
  const release = Effect.runSync(Deferred.make<void>())
  const holders = server.databaseUrl === undefined ? 1 : PG_POOL_SIZE
  const taken = Effect.runSync(Deferred.make<void>())
  let held = 0
  const holding = Array.from({ length: holders }, () =>
    server.sql((sql) =>
      sql.withTransaction(
        Effect.gen(function* () {
          yield* sql`SELECT 1`
          held++
          if (held === holders) yield* Deferred.succeed(taken, undefined)
          yield* Deferred.await(release)
        })
      )
    )
  )
  await Effect.runPromise(Deferred.await(taken))
  return async () => {
    await Effect.runPromise(Deferred.succeed(release, undefined))
    await Promise.all(holding)
  }
}

describe("health and readiness", () => {
  it("answer 200 without a session: /healthz while the process serves, /readyz while it is ready", async () => {
    const health = await get(plain, "/healthz")
    expect(health).toMatchObject({ status: 200, text: "ok" })
    expect(health.headers.get("cache-control")).toBe("no-store")
    expect(health.headers.get("content-type")).toBe("text/plain; charset=utf-8")
    expect(await get(plain, "/readyz")).toMatchObject({ status: 200, text: "lista" })
  })

  it("/readyz answers 503 while the database does not answer within 1 s, /healthz still 200; each change logged once", async () => {
    const release = await holdDatabase(plain)
    try {
      expect(await get(plain, "/readyz")).toEqual(expect.objectContaining({ status: 503, text: "no lista: la base de datos no respondió en 1 s" }))
      expect(await get(plain, "/readyz")).toMatchObject({ status: 503 })
      expect(await get(plain, "/healthz")).toMatchObject({ status: 200, text: "ok" })
    } finally {
      await release()
    }
    expect(await get(plain, "/readyz")).toMatchObject({ status: 200, text: "lista" })
    const log = plain.output()
    expect(log.match(/WARN Palma no está lista: la base de datos no respondió en 1 s/g)).toHaveLength(1)
    expect(log.match(/INFO Palma vuelve a estar lista/g)).toHaveLength(1)
  })

  it("are never written to the access log, even with PALMA_ACCESS_LOG=all", async () => {
    await get(plain, "/healthz")
    await get(plain, "/readyz?full=1")
    await get(plain, "/api/family/list")
    const log = plain.output()
    expect(log).toMatch(/INFO GET \/api\/family\/list 401 /)
    expect(log).not.toContain("/healthz")
    expect(log).not.toContain("/readyz")
  })
})

describe("GET /metrics", () => {
  it("is 404 when PALMA_METRICS_TOKEN is not set, not the web app's page", async () => {
    expect(await get(plain, "/metrics")).toMatchObject({ status: 404, text: "No encontrado" })
  })

  it("is 401 without the token or with another one", async () => {
    const refused: ReadonlyArray<Record<string, string>> = [
      {},
      { authorization: `Bearer ${metricsToken}x` },
      { authorization: `Bearer ${metricsToken.slice(1)}` },
      { authorization: metricsToken }
    ]
    for (const headers of refused) {
      const answer = await get(measured, "/metrics", headers)
      expect(answer.status).toBe(401)
      expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="metrics"')
      expect(answer.text).not.toContain("palma_http_requests_total")
    }
  })

  it("counts requests by method, route template and status, with no RUT, email or id in any label", async () => {
    const { user } = await demoTokens(measured.url)
    const signed = { authorization: `Bearer ${user}` }
    const caseId = randomUUID()
    await get(measured, "/api/case/getApplicantByRut/12.345.678-5", signed)
    await get(measured, "/api/case/getApplicantByRut/123456785", signed)
    expect((await get(measured, `/api/case/getById/${caseId}`, signed)).status).toBe(404)
    await get(measured, "/api/retail/getByRut/12345678-5", signed)
    expect((await fetch(`${measured.url}/api/nope/ana.perez@palma.cl`, { method: "POST" })).status).toBe(404)

    const text = await scrape()
    expect(valueOf(text, `palma_http_requests_total{method="GET",route="/api/case/getById/:id",status="404"}`)).toBe(1)
    expect(valueOf(text, `palma_http_requests_total{method="POST",route="unmatched",status="404"}`)).toBe(1)
    expect(text).toMatch(/^palma_http_requests_total\{method="GET",route="\/api\/case\/getApplicantByRut\/:rut",status="\d{3}"\} 2$/m)
    expect(text).toMatch(/^palma_http_request_duration_seconds_count\{method="GET",route="\/api\/retail\/getByRut\/:rut"\} 1$/m)
    for (const secret of [caseId, "12.345.678", "12345678", "123456785", "ana.perez", "palma.cl", "/api/nope", user]) {
      expect(text).not.toContain(secret)
    }
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i)
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]))
    for (const route of routes) expect(route).toMatch(/^(unmatched|(\/[A-Za-z_-]*|\/:[a-z_]+|\/\*)+)$/)
  })

  it("reports requests in flight, the database's connections, uploads by status and the process", async () => {
    const text = await scrape()
    // The scrape itself is in flight while it reads them.
    expect(valueOf(text, "palma_http_requests_in_flight")).toBe(1)
    expect(valueOf(text, `palma_db_connections{state="waiting"}`)).toBe(0)
    expect(valueOf(text, `palma_db_connections{state="in_use"}`)).toBeGreaterThanOrEqual(0)
    expect(valueOf(text, `palma_bulk_load_jobs{status="done"}`)).toBeGreaterThanOrEqual(0)
    expect(valueOf(text, "palma_bulk_load_rows_loaded")).toBeGreaterThanOrEqual(0)
    expect(valueOf(text, "process_resident_memory_bytes")).toBeGreaterThan(0)
    expect(text).toContain("# TYPE nodejs_eventloop_lag_seconds gauge")
    expect(text).toContain("# TYPE nodejs_gc_duration_seconds histogram")
  })

  it("counts the server-sent event streams open", async () => {
    const { user } = await demoTokens(measured.url)
    const controller = new AbortController()
    const response = await fetch(`${measured.url}/api/case/live`, { headers: { authorization: `Bearer ${user}` }, signal: controller.signal })
    const reader = response.body!.getReader()
    await reader.read()
    expect(valueOf(await scrape(), "palma_sse_clients")).toBe(1)
    controller.abort()
    await reader.read().catch(() => undefined)
    // The server sees the client leave on its next read of the socket: asked until it has.
    let open = valueOf(await scrape(), "palma_sse_clients")
    for (let attempt = 0; attempt < 50 && open !== 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      open = valueOf(await scrape(), "palma_sse_clients")
    }
    expect(open).toBe(0)
  })
})

describe("kept-alive connections", () => {
  /** The `Keep-Alive` header of one answer, read with node:http (hop-by-hop headers as sent). */
  const keepAliveOf = (server: InProcessServer) =>
    new Promise<string | ReadonlyArray<string> | undefined>((resolve, reject) => {
      const agent = new Agent({ keepAlive: true })
      httpGet(`${server.url}/healthz`, { agent }, (response) => {
        response.resume()
        response.on("end", () => {
          agent.destroy()
          resolve(response.headers["keep-alive"])
        })
      }).on("error", reject)
    })

  it("stay open 65 s, past a client's or a balancer's own idle limit, so the client closes them and a reused one is never reset", async () => {
    expect(await keepAliveOf(plain)).toBe("timeout=65")
    expect(await keepAliveOf(measured)).toBe("timeout=65")
  })
})
