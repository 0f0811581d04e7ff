import { readdir, readFile, writeFile } from "node:fs/promises"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"
import type { Plugin } from "vite"

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** Text files the server may send compressed; images and fonts are compressed already. */
const compressible = /\.(html|js|mjs|css|svg|json)$/

/** Below about one network packet compression saves no round trip. */
const minBytes = 1024

const filesUnder = async (dir: string): Promise<Array<string>> => {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

/**
 * Writes `name.br` and `name.gz` beside every text file of `dir` worth compressing, at the highest
 * levels (built once, sent many times); the server picks one by the request's `Accept-Encoding`.
 */
export const precompressDir = async (dir: string): Promise<ReadonlyArray<string>> => {
  const files = (await filesUnder(dir)).filter((file) => compressible.test(file))
  const written: Array<string> = []
  for (const file of files) {
    const bytes = await readFile(file)
    if (bytes.length < minBytes) continue
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length
        }
      }),
      gzipped(bytes, { level: constants.Z_BEST_COMPRESSION })
    ])
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
    written.push(file)
  }
  return written
}

/** Vite build step: precompresses the output once every file is written. */
export const precompress = (): Plugin => {
  let outDir = "dist"
  return {
    name: "palma-precompress",
    apply: "build",
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: async () => {
      await precompressDir(outDir)
    }
  }
}
