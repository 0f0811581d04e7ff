import { spawnSync } from "node:child_process"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demo, signIn } from "../support/api.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * A request that runs past PALMA_REQUEST_TIMEOUT_SECONDS is cut (issue 31). The database is held
 * from the test while a request needs it: on PGlite the test's transaction holds the one
 * connection; on PostgreSQL it holds a lock on the uploads' table, which the request's statement
 * waits for on a connection of its own.
 */
let server: InProcessServer
let token: string

beforeAll(async () => {
  // Long enough for a sign-in (password hashing) on a busy machine, short enough for a test.
  server = await startServer({ env: { PALMA_REQUEST_TIMEOUT_SECONDS: "5" } })
  token = await signIn(server.url, demo.admin)
})
afterAll(() => server?.stop())

const uploads = () => fetch(`${server.url}/api/retail/uploads`, { headers: { authorization: `Bearer ${token}` } })

/**
 * Holds the uploads' table (and, on PGlite, the whole database) for `ms` from a transaction of the
 * test: `begun` once it is held, `ended` once it let go.
 */
const holdDatabase = (ms: number) => {
  let held: () => void = () => undefined
  const begun = new Promise<void>((resolve) => (held = resolve))
  const ended = server.sql((sql) =>
    sql`LOCK TABLE bulk_load_job IN ACCESS EXCLUSIVE MODE`.pipe(Effect.zipRight(Effect.sync(held)), Effect.zipRight(Effect.sleep(ms)), sql.withTransaction)
  )
  return { begun, ended }
}

/**
 * The history's statements (they name `retail_name`; the upload worker's own, which wait for the
 * lock too, do not) running on the server's PostgreSQL database, read by psql from outside.
 */
const historyStatementsRunning = (url: string) => {
  const query =
    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE '%retail_name%' AND pid <> pg_backend_pid()"
  const result = spawnSync("psql", [url, "-At", "-c", query], { encoding: "utf8" })
  if (result.status !== 0) throw new Error(`psql falló: ${result.stderr}`)
  return Number(result.stdout.trim())
}

describe("a request past the limit", () => {
  it("answers 503 with a Spanish reason, and on PostgreSQL its statement does not go on waiting", { timeout: 60_000 }, async () => {
    const hold = holdDatabase(12_000)
    await hold.begun
    const response = await uploads()
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      _tag: "Unavailable",
      message: "La solicitud tardó más de 5 s y se canceló. Intente de nuevo en unos minutos; si se repite, acote lo que pide."
    })
    if (server.databaseUrl !== undefined) {
      // Still inside the hold: a statement left behind would be waiting for the lock right now.
      const url = server.databaseUrl
      await expect.poll(() => historyStatementsRunning(url), { timeout: 5_000 }).toBe(0)
    }
    await hold.ended
    expect((await uploads()).status).toBe(200)
  })
})
