import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { pathToFileURL } from "node:url"
import { Worker, type ResourceLimits } from "node:worker_threads"

/**
 * tsx's module API, for a thread started from source. Resolved through its manifest because not
 * every runner of the source (vitest's global setup) gives modules `import.meta.resolve`.
 */
const tsxApi = () => {
  const require = createRequire(import.meta.url)
  const manifest = require("tsx/package.json") as { exports: { "./esm/api": { import: { default: string } } } }
  return pathToFileURL(join(dirname(require.resolve("tsx/package.json")), manifest.exports["./esm/api"].import.default)).href
}

/**
 * A thread running one of the server's worker entries: the file the build writes beside the
 * server's bundle (`dist/<name>.js`), or, when the server itself runs from source (tests,
 * benches), the entry's source through tsx.
 */
export const startThread = (entry: { readonly name: string; readonly source: URL }, resourceLimits: ResourceLimits) => {
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL(`./${entry.name}.js`, import.meta.url), { resourceLimits })
  const code = `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.source.href)}) })`
  return new Worker(code, { eval: true, resourceLimits })
}
