// Builds a package's entry point to one JavaScript file for Node (`pnpm start` runs built code, not
// a development loader); how, in bundleOptions.cjs. Usage: node scripts/bundle.mjs <package dir> <entry> <outfile>
import { build } from "esbuild"
import { join } from "node:path"
import bundling from "./bundleOptions.cjs"

const [packageDir, entry, outfile] = process.argv.slice(2)
if (!packageDir || !entry || !outfile) {
  console.error("uso: node scripts/bundle.mjs <paquete> <entrada> <salida>")
  process.exit(2)
}
await build(bundling.bundleOptions(packageDir, join(packageDir, entry), join(packageDir, outfile)))
