import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    name: "e2e",
    include: ["**/*.test.ts"],
    environment: "node",
    // Playwright, the server and its PGlite are evaluated once per worker, not once per file, as in
    // the server's project: every file starts its own server and opens its pages in the worker's
    // one Chromium (browser.ts), and setup.ts (run again for each file) drains the policy violations
    // after every test.
    isolate: false,
    setupFiles: ["./setup.ts"],
    testTimeout: 90_000,
    hookTimeout: 120_000
  }
})
