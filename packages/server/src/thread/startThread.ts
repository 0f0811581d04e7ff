import { createHash } from "node:crypto"
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { threadId, Worker, type ResourceLimits } from "node:worker_threads"

/** The part of esbuild and of scripts/bundleOptions.cjs used here (neither is a dependency of the built server). */
interface Bundler {
  readonly buildSync: (options: object) => { readonly outputFiles: ReadonlyArray<{ readonly text: string }> }
}
interface Bundling {
  readonly bundleOptions: (packageDir: string, entry: string, outfile: string) => object
}

/** Where a server running from source keeps its threads' bundles: under the package, so their imports resolve from its node_modules. */
const packageDir = fileURLToPath(new URL("../..", import.meta.url))
const bundles = new Map<string, string>()

/**
 * The entry bundled as the build bundles it, once per process: tsx compiled the entry and its
 * imports again in every thread (2.5 s a thread, against 0.1 s for a bundle), and tests start
 * hundreds. The file is named by its content, so processes running the same source share it.
 */
const sourceBundle = (entry: { readonly name: string; readonly source: URL }): string => {
  const known = bundles.get(entry.name)
  if (known !== undefined) return known
  const require = createRequire(import.meta.url)
  const { buildSync } = require("esbuild") as Bundler
  const { bundleOptions } = require("../../../../scripts/bundleOptions.cjs") as Bundling
  const dir = join(packageDir, "node_modules", ".cache", "palma-threads")
  const options = bundleOptions(packageDir, fileURLToPath(entry.source), join(dir, `${entry.name}.mjs`))
  const [output] = buildSync({ ...options, sourcemap: "inline", write: false }).outputFiles
  const file = join(dir, `${entry.name}-${createHash("sha256").update(output!.text).digest("hex").slice(0, 16)}.mjs`)
  if (!existsSync(file)) {
    // Written aside and renamed: a process starting the same thread meanwhile never reads half a file.
    mkdirSync(dir, { recursive: true })
    const partial = `${file}.${process.pid}-${threadId}`
    writeFileSync(partial, output!.text)
    renameSync(partial, file)
  }
  bundles.set(entry.name, file)
  return file
}

/**
 * A thread running one of the server's worker entries: the file the build writes beside the
 * server's bundle (`dist/<name>.js`), or, when the server itself runs from source (tests,
 * benches), the entry's source bundled the same way.
 */
export const startThread = (entry: { readonly name: string; readonly source: URL }, resourceLimits: ResourceLimits) =>
  new Worker(import.meta.url.endsWith(".ts") ? sourceBundle(entry) : new URL(`./${entry.name}.js`, import.meta.url), { resourceLimits })
