import { SqlClient } from "@effect/sql"
import { Deferred, Effect, Fiber } from "effect"
import { describe, expect, it } from "vitest"
import * as PgLiteClient from "../../src/sql/PgLiteClient.js"
import { describeSqlClient } from "./clientSuite.js"

describe("SqlClient on PGlite (in memory)", { timeout: 30_000 }, () => {
  describeSqlClient(PgLiteClient.layer())

  it("lets a query waiting behind a transaction be interrupted without losing the connection", async () => {
    const rows = await Effect.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const gate = yield* Deferred.make<void>()
        const transaction = yield* Effect.fork(sql.withTransaction(Deferred.await(gate)))
        yield* Effect.sleep("20 millis") // the transaction now holds the connection
        const waiting = yield* Effect.fork(sql`SELECT 1`)
        yield* Effect.sleep("20 millis")
        yield* Fiber.interrupt(waiting)
        yield* Deferred.succeed(gate, undefined)
        yield* Fiber.join(transaction)
        // Would time out if the interrupted waiter had kept (or the transaction not returned) the permit.
        return yield* sql`SELECT 2 AS two`.pipe(Effect.timeout("5 seconds"))
      }).pipe(Effect.provide(PgLiteClient.layer()))
    )
    expect(rows).toEqual([{ two: 2 }])
  })
})
