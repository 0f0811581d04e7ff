import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "cli",
    include: ["test/**/*.test.ts"],
    environment: "node",
    // One migrated, seeded database per run; every test server starts from a copy of it.
    globalSetup: ["../server/test/support/template.ts"],
    // The end-to-end suite starts a real server and spawns the real `palma` process many times.
    testTimeout: 60_000,
    hookTimeout: 60_000
  }
})
