import { readdirSync, rmSync } from "node:fs"
import { readFile } from "node:fs/promises"
import { promisify } from "node:util"
import { gunzip } from "node:zlib"
import { Data, Effect } from "effect"
import * as DataDirLock from "../sql/DataDirLock.js"
import { databaseDirOf } from "../sql/Database.js"
import { appliedMigrations } from "../sql/Migrations.js"
import * as PgLiteClient from "../sql/PgLiteClient.js"

/** Why a backup was not restored, in Spanish, for the person at the terminal. */
export class RestoreRefused extends Data.TaggedError("RestoreRefused")<{ readonly message: string }> {}

const holdsFiles = (dir: string): boolean => {
  try {
    return readdirSync(dir).length > 0
  } catch {
    return false
  }
}

/** The backup's tar: the file gunzipped, or why it is not one. */
const readBackup = (file: string) =>
  Effect.tryPromise({
    try: () => readFile(file),
    catch: () => new RestoreRefused({ message: `No se puede leer el archivo ${file}: revise la ruta.` })
  }).pipe(
    Effect.flatMap((gzipped) =>
      Effect.tryPromise({
        try: () => promisify(gunzip)(gzipped),
        catch: () => new RestoreRefused({ message: `${file} no es una copia de Palma: no es un archivo .tar.gz (las hace «palma backup»).` })
      })
    )
  )

/** The cluster unpacked into `dir` and opened once (PostgreSQL's recovery runs then), checked to be Palma's. */
const unpack = (dir: string, tar: Uint8Array, file: string) =>
  appliedMigrations.pipe(
    Effect.provide(PgLiteClient.layer({ dataDir: dir, loadDataDir: new Blob([tar]) })),
    Effect.mapError(
      (error) =>
        new RestoreRefused({
          message: `${file} no es una copia de la base de datos de Palma, o está dañada (${error.cause instanceof Error ? error.cause.message : error.message}).`
        })
    )
  )

/**
 * `main.js restore <file>`: a copy made by `GET /api/backup` (`palma backup`) becomes the embedded
 * database of `dataDir`, which must not hold one yet: a restore never writes over data. The data
 * dir is locked meanwhile, so no server opens it half written; a refused or failed restore leaves
 * no database behind. Migrations newer than the copy run when the server starts on it.
 */
export const restoreBackup = (options: { readonly dataDir: string; readonly file: string; readonly databaseUrl: string | undefined }) =>
  Effect.scoped(
    Effect.gen(function* () {
      const { dataDir, file } = options
      if (options.databaseUrl !== undefined) {
        return yield* new RestoreRefused({
          message:
            "Palma usa PostgreSQL (DATABASE_URL): restaure esa base de datos con pg_restore. Esta orden restaura solo la base de datos integrada (PGlite)."
        })
      }
      yield* DataDirLock.acquire(dataDir)
      const target = databaseDirOf(dataDir)
      if (holdsFiles(target)) {
        return yield* new RestoreRefused({
          message: `El directorio de datos ${dataDir} ya tiene una base de datos: una copia se restaura solo donde no hay ninguna. Use otro PALMA_DATA_DIR, o mueva ${target} a otra parte si de verdad quiere reemplazarla.`
        })
      }
      const tar = yield* readBackup(file)
      yield* unpack(target, tar, file).pipe(Effect.onError(() => Effect.sync(() => rmSync(target, { recursive: true, force: true }))))
    })
  )
