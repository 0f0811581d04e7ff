import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    name: "server",
    include: ["test/**/*.test.ts"],
    environment: "node",
    // Effect, PGlite and the server are evaluated once per worker, not once per file: every file
    // builds its own server and database from layers, so nothing is shared but the modules.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000
  }
})
