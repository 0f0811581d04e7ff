import { setTimeout as sleep } from "node:timers/promises"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { clientAs } from "../support/api.js"
import { startServerProcess } from "../support/serverProcess.js"

/** Node's default keep-alive timeout (Palma's is 65 s). */
const NODE_KEEP_ALIVE_MS = 5_000
const hold = fileURLToPath(new URL("../support/holdEventLoop.cjs", import.meta.url))

/**
 * A process whose event loop is held past its keep-alive timeout (a long PGlite statement on a
 * busy machine; here holdEventLoop.cjs) runs that timer before it reads what arrived meanwhile,
 * and closes an idle kept-alive connection that already carries a request: with Node's 5 s, held
 * a little longer, the next call on a reused connection failed as if the server were gone.
 */
describe("a call to a server process held past its keep-alive timeout", () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>
  beforeAll(async () => {
    server = await startServerProcess({
      template: inject("palmaTemplate"),
      env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${hold}`, PALMA_TEST_HOLD_MS: String(NODE_KEEP_ALIVE_MS + 1_000) }
    })
  })
  afterAll(() => server?.stop())

  /** One call, then the next one sent at once, as a poll does, while the process's loop is held past the first answer's keep-alive timeout. */
  const callWhileHeld = async (call: ReturnType<typeof clientAs>) => {
    await call((c) => c.auth.config())
    process.kill(server.pid!, "SIGUSR2")
    await sleep(300)
    return call((c) => c.auth.config()).then(
      () => "answered",
      (error: { status?: number }) => `failed with status ${error.status}`
    )
  }

  it("is answered on a reused connection when held past Node's default timeout", { timeout: 60_000 }, async () => {
    expect(await callWhileHeld(clientAs(server.url))).toBe("answered")
  })
})
