import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    name: "e2e",
    include: ["**/*.test.ts"],
    environment: "node",
    setupFiles: ["./setup.ts"],
    testTimeout: 90_000,
    hookTimeout: 120_000
  }
})
