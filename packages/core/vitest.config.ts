import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    name: "core",
    include: ["test/**/*.test.ts"],
    environment: "node",
    // Pure domain code and machines: nothing for files to share but the modules.
    isolate: false
  }
})
