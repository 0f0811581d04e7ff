import react from "@vitejs/plugin-react"
import { defineProject } from "vitest/config"

export default defineProject({
  plugins: [react()],
  test: {
    name: "web",
    environment: "happy-dom",
    include: ["test/**/*.test.{ts,tsx}"],
    setupFiles: ["./test/setup.ts"],
    unstubGlobals: true,
    // A test is a whole flow of typing and picking, each step answered by the real server.
    testTimeout: 120_000
  }
})
