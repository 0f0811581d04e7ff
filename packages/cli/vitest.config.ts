import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "cli",
    include: ["test/**/*.test.ts"],
    environment: "node",
    // Suites start a real server, and process.test.ts spawns the built `palma` several times.
    testTimeout: 60_000,
    hookTimeout: 60_000
  }
})
