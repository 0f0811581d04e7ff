import { Deferred, Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PG_POOL_SIZE } from "../../src/sql/Database.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/** Every request logged. */
let plain: InProcessServer

beforeAll(async () => {
  plain = await startServer({ env: { PALMA_ACCESS_LOG: "all" } })
})
afterAll(() => plain?.stop())

const get = async (server: InProcessServer, path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}${path}`, { headers })
  return { status: response.status, headers: response.headers, text: await response.text() }
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
