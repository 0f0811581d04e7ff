import { NodeRuntime } from "@effect/platform-node"
import { Cause, Console, Effect, Either } from "effect"
import { resolve } from "node:path"
import { restoreBackup } from "./backup/restore.js"
import { loadServerConfig } from "./config.js"

/**
 * `node dist/restore.js <copia.tar.gz>`: a backup made by `palma backup` becomes the embedded
 * database of PALMA_DATA_DIR (the server's own setting), which must hold none yet. Then the server
 * starts on it as usual. Exit 0 restored, 1 refused or failed (why, in Spanish), 2 usage.
 */
const args = process.argv.slice(2)
const [file] = args
if (!file || args.length !== 1) {
  console.error("Uso: node dist/restore.js <copia.tar.gz> — restaura una copia de «palma backup» en un PALMA_DATA_DIR sin base de datos.")
  process.exit(2)
}
const loaded = loadServerConfig(process.env)
if (Either.isLeft(loaded)) {
  console.error(`No se pudo restaurar la copia: ${loaded.left}`)
  process.exit(1)
}
const { dataDir, databaseUrl } = loaded.right

// Relative to where the command was typed, as PALMA_DATA_DIR is.
restoreBackup({ dataDir, databaseUrl, file: resolve(process.env.INIT_CWD || process.cwd(), file) }).pipe(
  Effect.andThen(Console.log(`Copia ${file} restaurada en ${dataDir}. Inicie Palma con ese PALMA_DATA_DIR.`)),
  // Every refusal is a tagged error phrased for the person (a held data dir too); anything else is printed whole.
  Effect.tapErrorCause((cause) =>
    Console.error(`No se pudo restaurar la copia: ${Either.match(Cause.failureOrCause(cause), { onLeft: (error) => error.message, onRight: Cause.pretty })}`)
  ),
  NodeRuntime.runMain({ disableErrorReporting: true })
)
