import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    name: "e2e",
    include: ["**/*.test.ts"],
    environment: "node",
    // One migrated, seeded database per run; every test server starts from a copy of it.
    globalSetup: ["../packages/server/test/support/template.ts"],
    testTimeout: 90_000,
    hookTimeout: 120_000
  }
})
