import { Effect, Layer, Logger } from "effect"
import { describe, expect, it } from "vitest"
import { palmaLoggerLayer } from "../../src/log/PalmaLogger.js"

describe("palmaLoggerLayer", () => {
  it("is the only logger, whatever was installed before it (NodeRuntime.runMain's pretty logger)", async () => {
    const before: string[] = []
    const lines: string[] = []
    const installedBefore = Logger.add(Logger.make(({ message }) => before.push(String(message))))
    const logged = Effect.logInfo("GET /api/auth/config 200 12345ms").pipe(Effect.provide(palmaLoggerLayer("text", (line) => lines.push(line))))
    await Effect.runPromise(Effect.provide(logged, Layer.mergeAll(installedBefore, Logger.remove(Logger.defaultLogger))))
    expect(before).toEqual([])
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/ INFO GET \/api\/auth\/config 200 12345ms$/)
  })
})
