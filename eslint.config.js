import js from "@eslint/js"
import path from "node:path"
import reactHooks from "eslint-plugin-react-hooks"
import tseslint from "typescript-eslint"

/**
 * Dependency direction (DESIGN §1): web → core, cli → core, server → core
 * (Domain and Api only). core never imports web, cli or server, nor node:*.
 */
const forbid = (patterns, message) => ["error", { patterns: patterns.map((group) => ({ group, message })) }]

/**
 * Web's import zones (bulletproof-react): shared code (components, kit, lib) → features → app.
 * A feature never reaches into another feature nor into the app; shared code reaches neither.
 * A local rule rather than no-restricted-imports: that one matches the text of a path, not where
 * it lands, and skips `import()`, which the route tables use.
 */
const webSrc = path.join(import.meta.dirname, "packages/web/src")
const zoneOf = (file) => {
  const [top, feature] = path.relative(webSrc, file).split(path.sep)
  return top === "features" ? `features/${feature}` : top
}
const shared = new Set(["components", "kit", "lib"])
const crossesZone = (from, to) =>
  from.startsWith("features/") ? to === "app" || (to.startsWith("features/") && to !== from) : shared.has(from) && (to === "app" || to.startsWith("features/"))
const webZones = {
  meta: {
    type: "problem",
    messages: { zone: "{{from}} may not import from {{to}}: move what both need to components/, kit/ or lib/, or compose them in app/." }
  },
  create: (context) => {
    const from = zoneOf(context.filename)
    const check = ({ source }) => {
      if (source?.type !== "Literal" || typeof source.value !== "string" || !source.value.startsWith(".")) return
      const to = zoneOf(path.resolve(path.dirname(context.filename), source.value))
      if (crossesZone(from, to)) context.report({ node: source, messageId: "zone", data: { from, to } })
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check }
  }
}

/**
 * Handler → service → repo: SQL lives in repos (`*Repo.ts`: a service's reads and writes, rows
 * decoded), in `*Sql.ts` (fragments and statements several repos build on: person columns and
 * filters, product selects, provider page filters, the masters' table specs, the left-out
 * subscriptions), in `src/sql/` (the client and the repo-level helpers) and in migrations. A
 * service runs its repos' writes together through `sql/Transaction.ts`, never with the client itself.
 */
const sqlOutsideRepos = {
  group: ["@effect/sql", "@effect/sql/*", "@effect/sql-*"],
  message: "SQL belongs in a *Repo.ts (or a *Sql.ts fragment, or src/sql/): a service takes its repo, and Transaction for several writes."
}
const sqlAllowed = [
  "packages/server/src/**/*Repo.ts",
  "packages/server/src/**/*Sql.ts",
  "packages/server/src/sql/**",
  "packages/server/src/migrations/**",
  // The wiring: the file that builds the client.
  "packages/server/src/app.ts",
  // The seed writes demo data as migrations write schema: once, straight into the tables.
  "packages/server/src/seed/**"
]

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
    // CommonJS so that the server running from source can require it synchronously (startThread.ts).
    files: ["scripts/**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly", exports: "writable" } },
    rules: { "@typescript-eslint/no-require-imports": "off" }
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
      "no-restricted-imports": [
        "error",
        {
          // The bare entry re-exports the machines and the client too: the server names the two it may use.
          paths: [{ name: "@palma/core", message: "server imports @palma/core/domain and @palma/core/api only." }],
          patterns: [
            {
              group: [
                "@palma/web",
                "@palma/web/*",
                "@palma/cli",
                "@palma/cli/*",
                "@palma/core/machines",
                "@palma/core/machines/*",
                "@palma/core/client",
                "@palma/core/client/*",
                "xstate",
                "@xstate/*"
              ],
              message: "server uses core's domain and contract only: never machines or the client."
            }
          ]
        }
      ]
    }
  },
  {
    files: ["packages/server/src/**/*.ts"],
    ignores: sqlAllowed,
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [sqlOutsideRepos] }] }
  },
  {
    // Handler → service → repo: a handler never reads a repo (a repo's types may still name what it answers), nor SQL.
    files: ["packages/server/src/**/Http.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [{ regex: "Repo\\.js$", allowTypeImports: true, message: "a handler calls its service; only the service reads repos." }, sqlOutsideRepos]
        }
      ]
    }
  },
  {
    files: ["packages/web/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, palma: { rules: { "web-zones": webZones } } },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error", "palma/web-zones": "error" }
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
