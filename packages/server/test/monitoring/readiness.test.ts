import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { Readiness } from "../../src/monitoring/Readiness.js"
import * as PgLiteClient from "../../src/sql/PgLiteClient.js"

describe("Readiness", () => {
  it("is ready while the database answers, and not once drained, whatever the database says", async () => {
    const states = await Effect.runPromise(
      Effect.gen(function* () {
        const readiness = yield* Readiness
        const before = yield* readiness.check
        yield* readiness.drain
        return [before, yield* readiness.check, yield* readiness.check]
      }).pipe(Effect.provide(Readiness.layer.pipe(Layer.provide(PgLiteClient.layer()))))
    )
    expect(states).toEqual(["ready", "draining", "draining"])
  })
})
