import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "cli",
    include: ["test/**/*.test.ts"],
    environment: "node",
    // One migrated, seeded database per run; every test server starts from a copy of it.
    globalSetup: ["../server/test/support/template.ts"],
    // Suites start a real server, and process.test.ts spawns the built `palma` several times.
    testTimeout: 60_000,
    hookTimeout: 60_000
  }
})
