/* global process, setImmediate */
// Preloaded (NODE_OPTIONS=--require) into a server process by keepAlive.test.ts: on SIGUSR2 its
// event loop is held for PALMA_TEST_HOLD_MS, as a long synchronous PGlite statement holds it on a
// busy machine.
process.on("SIGUSR2", () =>
  setImmediate(() => {
    const until = Date.now() + Number(process.env.PALMA_TEST_HOLD_MS)
    while (Date.now() < until);
  })
)
