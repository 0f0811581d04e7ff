// How a package's entry point becomes one JavaScript file for Node, shared by the build
// (scripts/bundle.mjs) and by the server's threads when the server runs from source
// (packages/server/src/thread/startThread.ts): workspace code (@palma/*) is inlined, the package's
// own npm dependencies stay imports resolved from its node_modules.
const { readFileSync } = require("node:fs")
const { join } = require("node:path")

/** esbuild's options to bundle `entry` of the package in `packageDir` to `outfile` (paths absolute or relative to the cwd). */
exports.bundleOptions = (packageDir, entry, outfile) => {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"))
  // Effect's packages are plain ESM in hundreds of small files: inlined (and tree-shaken) they load in a
  // fraction of the time Node takes to resolve and compile each one. The rest stay imports, as some
  // read files of their own at run time (PGlite's WASM, PDFKit's fonts).
  const inlined = (name) => name.startsWith("@palma/") || name === "effect" || name.startsWith("@effect/")
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    external: Object.keys(manifest.dependencies ?? {}).filter((name) => !inlined(name)),
    sourcemap: "linked",
    // Inlined CommonJS code may still call require(); give it one.
    banner: { js: 'import { createRequire as __palmaRequire } from "node:module"; const require = __palmaRequire(import.meta.url);' },
    logLevel: "warning"
  }
}
