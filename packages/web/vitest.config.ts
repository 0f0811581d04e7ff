import react from "@vitejs/plugin-react"
import { defineProject } from "vitest/config"

export default defineProject({
  plugins: [react()],
  test: {
    name: "web",
    environment: "happy-dom",
    // React, Mantine and the app are evaluated once per worker, not once per file (≈5 s each): no
    // app module keeps state between renders, and setup.ts resets what the page keeps (storage, toasts).
    isolate: false,
    include: ["test/**/*.test.{ts,tsx}"],
    setupFiles: ["./test/setup.ts"],
    unstubGlobals: true,
    // A test is a whole flow of typing and picking, each step answered by the real server.
    testTimeout: 120_000,
    // The same patience for expect.poll as setup.ts gives Testing Library's waits.
    expect: { poll: { timeout: 15_000 } }
  }
})
