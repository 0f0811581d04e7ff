import { SqlClient } from "@effect/sql"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Effect, Layer } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { DataDirLocked, lockFileName } from "../../src/sql/DataDirLock.js"
import { databaseLayer } from "../../src/sql/Database.js"

const dirs: Array<string> = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})
const tempDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "palma-db-"))
  dirs.push(dir)
  return path.join(dir, "data") // missing on purpose: the layer creates it
}

const runIn = <A, E>(dataDir: string, effect: Effect.Effect<A, E, SqlClient.SqlClient>) => Effect.runPromise(Effect.provide(effect, databaseLayer({ dataDir })))

describe("databaseLayer with a data directory (PGlite)", { timeout: 60_000 }, () => {
  it("persists data across close and reopen", async () => {
    const dataDir = tempDataDir()
    await runIn(
      dataDir,
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`CREATE TABLE note (id int PRIMARY KEY, body text NOT NULL, due date)`
        yield* sql`INSERT INTO note ${sql.insert({ id: 1, body: "persisted", due: "2024-12-31" })}`
      })
    )
    expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true)
    expect(fs.existsSync(path.join(dataDir, lockFileName))).toBe(false)

    const rows = await runIn(
      dataDir,
      Effect.flatMap(SqlClient.SqlClient, (sql) => sql`SELECT id, body, due FROM note`)
    )
    expect(rows).toEqual([{ id: 1, body: "persisted", due: "2024-12-31" }])
  })

  it("refuses to open a data directory that is already open", async () => {
    const dataDir = tempDataDir()
    const error = await Effect.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`SELECT 1`
        return yield* Effect.flip(Layer.build(databaseLayer({ dataDir })).pipe(Effect.scoped))
      }).pipe(Effect.provide(databaseLayer({ dataDir })))
    )
    expect(error).toBeInstanceOf(DataDirLocked)
  })

  it("opens an in-memory database when asked", async () => {
    const rows = await Effect.runPromise(
      Effect.provide(
        Effect.flatMap(SqlClient.SqlClient, (sql) => sql`SELECT 1 AS one`),
        databaseLayer({ inMemory: true })
      )
    )
    expect(rows).toEqual([{ one: 1 }])
  })
})
