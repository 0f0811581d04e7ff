import { setTimeout as sleep } from "node:timers/promises"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { clientAs, pollingClientAs } from "../support/api.js"
import { startServerProcess } from "../support/serverProcess.js"

/** Node's default keep-alive timeout, which the server keeps. */
const KEEP_ALIVE_MS = 5_000
const hold = fileURLToPath(new URL("../support/holdEventLoop.cjs", import.meta.url))

/**
 * Why the process tests that follow a long load poll with `pollingClientAs` (the cause of the
 * restart test's dropped polls): a process whose event loop is held past its keep-alive timeout
 * (a long PGlite statement on a busy machine; here holdEventLoop.cjs) runs that timer before it reads what
 * arrived meanwhile, and closes an idle kept-alive connection that already carries a request.
 */
describe("a call to a server process held past its keep-alive timeout", () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>
  beforeAll(async () => {
    server = await startServerProcess({
      template: inject("palmaTemplate"),
      env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${hold}`, PALMA_TEST_HOLD_MS: String(KEEP_ALIVE_MS + 1_000) }
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

  it("fails on a reused connection, and is answered on a connection of its own", { timeout: 60_000 }, async () => {
    expect(await callWhileHeld(clientAs(server.url))).toBe("failed with status 0")
    expect(await callWhileHeld(pollingClientAs(server.url))).toBe("answered")
  })
})
