import { SqlClient } from "@effect/sql"
import { Effect, Either } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import * as PgLiteClient from "../../src/sql/PgLiteClient.js"
import { isDatabaseRestart } from "../../src/sql/statementTimeout.js"

/**
 * The embedded database's thread ending on its own (issue 31 §1). What ends it here is real: a
 * statement whose rows do not fit the thread's heap, limited for the test so that a few MB of
 * rows are enough (Node ends such a thread, ERR_WORKER_OUT_OF_MEMORY).
 */
const threadLimits = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 }
const tooManyRows = "SELECT repeat(md5(g::text), 40) AS filler FROM generate_series(1, 100000) AS g"

const withClient = <A, E>(dataDir: string | undefined, use: (sql: SqlClient.SqlClient) => Effect.Effect<A, E>) =>
  Effect.runPromise(Effect.provide(Effect.flatMap(SqlClient.SqlClient, use), PgLiteClient.layer({ dataDir, threadLimits })))

describe("the embedded database's thread ends on its own", { timeout: 120_000 }, () => {
  it("fails the statement in flight saying so, opens PGlite again on its files, and what was committed stays", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "palma-db-"))
    try {
      const { failed, after, again } = await withClient(dataDir, (sql) =>
        Effect.gen(function* () {
          yield* sql`CREATE TABLE note (id int PRIMARY KEY)`
          yield* sql`INSERT INTO note VALUES (1)`
          const failed = yield* Effect.either(sql.unsafe(tooManyRows))
          const after = yield* sql<{ readonly id: number }>`SELECT id FROM note`
          yield* sql`INSERT INTO note VALUES (2)`
          const again = yield* sql<{ readonly id: number }>`SELECT id FROM note ORDER BY id`
          return { failed, after, again }
        })
      )
      expect(
        Either.isLeft(failed) && isDatabaseRestart(failed.left),
        `la sentencia falló así: ${String(Either.isLeft(failed) ? failed.left.cause : "no falló")}`
      ).toBe(true)
      expect(after).toEqual([{ id: 1 }])
      expect(again).toEqual([{ id: 1 }, { id: 2 }])
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it("in memory, fails the statement in flight and every one after it: its data went with the thread", async () => {
    const { failed, after } = await withClient(undefined, (sql) =>
      Effect.gen(function* () {
        yield* sql`SELECT 1`
        const failed = yield* Effect.either(sql.unsafe(tooManyRows))
        const after = yield* Effect.either(sql`SELECT 1`)
        return { failed, after }
      })
    )
    expect(Either.isLeft(failed) && isDatabaseRestart(failed.left)).toBe(true)
    expect(Either.isLeft(after) && after.left.message).toBe("Failed to reopen PGlite at memory")
  })
})
