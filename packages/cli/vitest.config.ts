import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "cli",
    include: ["test/**/*.test.ts"],
    environment: "node",
    // The CLI runs in-process through runCli with its own argv, env and streams, so files share only modules.
    isolate: false,
    // Suites start a real server, and process.test.ts spawns the built `palma` several times.
    testTimeout: 60_000,
    hookTimeout: 60_000
  }
})
