import js from "@eslint/js"
import reactHooks from "eslint-plugin-react-hooks"
import tseslint from "typescript-eslint"

/**
 * Dependency direction (DESIGN §1): web → core, cli → core, server → core
 * (Domain and Api only). core never imports web, cli or server, nor node:*.
 */
const forbid = (patterns, message) => ["error", { patterns: patterns.map((group) => ({ group, message })) }]

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/data/**", "**/*.d.ts", "test-artifacts/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }]
    }
  },
  {
    // Build scripts run on Node.
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } }
  },
  {
    files: ["packages/core/src/**/*.ts"],
    rules: {
      "no-restricted-imports": forbid(
        [["@palma/web", "@palma/web/*", "@palma/server", "@palma/server/*", "@palma/cli", "@palma/cli/*", "node:*", "react", "react-dom"]],
        "core runs in the browser and in Node: no React, no node:*, no other package."
      )
    }
  },
  {
    files: ["packages/server/src/**/*.ts"],
    rules: {
      "no-restricted-imports": forbid(
        [["@palma/web", "@palma/web/*", "@palma/cli", "@palma/cli/*", "@palma/core/machines/*", "@palma/core/client/*", "xstate", "@xstate/*"]],
        "server uses core's domain and contract only: never machines or the client."
      )
    }
  },
  {
    files: ["packages/web/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" }
  },
  {
    files: ["packages/web/src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": forbid(
        [["@palma/server", "@palma/server/*", "@palma/cli", "@palma/cli/*"]],
        "web talks to the server only through core's client."
      )
    }
  },
  {
    files: ["packages/cli/src/**/*.ts"],
    rules: {
      "no-restricted-imports": forbid(
        [["@palma/server", "@palma/server/*", "@palma/web", "@palma/web/*"]],
        "cli talks to the server only through core's client."
      )
    }
  }
)
