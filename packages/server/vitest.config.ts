import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    name: "server",
    include: ["test/**/*.test.ts"],
    environment: "node",
    // One migrated, seeded database per run; every test server starts from a copy of it.
    globalSetup: ["test/support/template.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000
  }
})
