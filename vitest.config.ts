import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    projects: ["packages/*", "e2e"],
    // One template database and one pool of real servers for the whole run (see serverPool.ts).
    globalSetup: ["packages/server/test/support/serverPool.ts"],
    // Most of a test's time is waiting on its server or the browser: more workers than the 2 cores pay.
    maxWorkers: 3
  }
})
