// Builds a package's entry point to one JavaScript file for Node (`pnpm start` runs built code, not
// a development loader): workspace code (@palma/*) is inlined, the package's own npm dependencies
// stay imports resolved from its node_modules. Usage: node scripts/bundle.mjs <package dir> <entry> <outfile>
import { build } from "esbuild"
import { readFileSync } from "node:fs"
import { join } from "node:path"

const [packageDir, entry, outfile] = process.argv.slice(2)
if (!packageDir || !entry || !outfile) {
  console.error("uso: node scripts/bundle.mjs <paquete> <entrada> <salida>")
  process.exit(2)
}
const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"))
// Effect's packages are plain ESM in hundreds of small files: inlined (and tree-shaken) they load in a
// fraction of the time Node takes to resolve and compile each one. The rest stay imports, as some
// read files of their own at run time (PGlite's WASM, PDFKit's fonts).
const inlined = (name) => name.startsWith("@palma/") || name === "effect" || name.startsWith("@effect/")
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !inlined(name))

await build({
  entryPoints: [join(packageDir, entry)],
  outfile: join(packageDir, outfile),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  external,
  sourcemap: "linked",
  // Inlined CommonJS code may still call require(); give it one.
  banner: { js: 'import { createRequire as __palmaRequire } from "node:module"; const require = __palmaRequire(import.meta.url);' },
  logLevel: "warning"
})
