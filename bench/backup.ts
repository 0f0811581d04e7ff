/**
 * `pnpm bench:backup` (issue 33 §5): a copy of the embedded database through `GET /api/backup`,
 * end to end (the request to its last byte), its size gzipped and as a tar, the longest a read of
 * the database waited meanwhile (the dump holds PGlite's one connection), the server's peak memory
 * before and after (PGlite dumps its cluster into memory), and the restore of that
 * copy onto an empty data dir by the built `dist/restore.js`. On the demo database, then on one
 * whose cases are replaced by a generated population (`BENCH_CASES`, default 100k; 0 skips it).
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { gunzipSync } from "node:zlib"
import { replaceCases } from "../packages/server/test/support/population.ts"
import { envInt, log, peakRssMb, preparedServer, runBench } from "./pagedReads.ts"

const count = envInt("BENCH_CASES", 100_000, 0, 1_000_000)
const restorePath = fileURLToPath(new URL("../packages/server/dist/restore.js", import.meta.url))
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1)

/** One copy measured while a reader asks the database for the months with cases, one request after another. */
const measure = async (label: string, cases: number | undefined) =>
  runBench(async (cleanups) => {
    const {
      server,
      headers,
      cleanups: own
    } = await preparedServer((database) => (cases === undefined ? Promise.resolve(undefined) : replaceCases(database, cases, 33)))
    cleanups.push(...own)
    // Each read on a connection of its own: a kept-alive one may be closed by the server as the next request arrives (support/api.ts).
    const read = async () => {
      const started = performance.now()
      const response = await fetch(`${server.url}/api/case/getAllCaseDates`, { headers: { ...headers, connection: "close" } })
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`getAllCaseDates respondió ${response.status}`)
      return performance.now() - started
    }
    // The same reads one after another with no copy running, the yardstick.
    let quiet = 0
    for (let i = 0; i < 20; i += 1) quiet = Math.max(quiet, await read())
    let longest = 0
    let reading = true
    const reader = (async () => {
      while (reading) longest = Math.max(longest, await read())
    })()
    const rssBefore = peakRssMb(server.pid)
    const copy = (async () => {
      const started = performance.now()
      const response = await fetch(`${server.url}/api/backup`, { headers })
      if (!response.ok) throw new Error(`/api/backup respondió ${response.status}`)
      return { gzipped: new Uint8Array(await response.arrayBuffer()), took: performance.now() - started }
    })().finally(() => (reading = false))
    // Together, so a failed read fails the bench instead of going unnoticed (or unhandled).
    const [{ gzipped, took }] = await Promise.all([copy, reader])
    const rssAfter = peakRssMb(server.pid)

    const dir = mkdtempSync(join(tmpdir(), "palma-bench-backup-"))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const file = join(dir, "copia.tar.gz")
    writeFileSync(file, gzipped)
    const restoreStarted = performance.now()
    const restored = spawnSync(process.execPath, [restorePath, file], { env: { ...process.env, PALMA_DATA_DIR: join(dir, "datos") }, encoding: "utf8" })
    const restoreTook = performance.now() - restoreStarted
    if (restored.status !== 0) throw new Error(`restore.js terminó con ${restored.status}: ${restored.stderr}`)

    console.log(
      [
        `${label}:`,
        `  copia (GET /api/backup, hasta el último byte)  ${(took / 1000).toFixed(1)} s`,
        `  tamaño                                         ${mb(gzipped.byteLength)} MB gzip, ${mb(gunzipSync(gzipped).byteLength)} MB tar`,
        `  lectura más lenta durante la copia             ${longest.toFixed(0)} ms (sin copia: ${quiet.toFixed(0)} ms)`,
        `  memoria máxima del servidor                    ${rssBefore.toFixed(0)} MB antes, ${rssAfter.toFixed(0)} MB con la copia`,
        `  restauración (node dist/restore.js)            ${(restoreTook / 1000).toFixed(1)} s`
      ].join("\n")
    )
    return 0
  })

log("Base de demostración…")
let failed = await measure("Base de demostración", undefined)
if (count > 0) {
  log(`Base con ${count.toLocaleString("es-CL")} casos generados…`)
  failed ||= await measure(`Base con ${count.toLocaleString("es-CL")} casos`, count)
}
process.exit(failed)
