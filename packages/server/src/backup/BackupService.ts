import { Readable } from "node:stream"
import { createGzip } from "node:zlib"
import { NodeStream } from "@effect/platform-node"
import { type Actor, backupFileName } from "@palma/core/domain"
import { Context, Data, Effect, Layer, Option, Stream } from "effect"
import { Clash } from "../domain/errors.js"
import { BackupRepo } from "./BackupRepo.js"

/**
 * `Clash` (409), not 501: the server can make backups, but not of the database it runs on now; the same
 * request would not succeed again, and what to do instead is the answer.
 */
const onPostgres = () =>
  new Clash({
    message:
      "Palma usa PostgreSQL (DATABASE_URL): respalde esa base de datos con pg_dump y restáurela con pg_restore. Esta copia es solo de la base de datos integrada (PGlite)."
  })

/** The gzip stream failed after the answer began: the download is cut, never ended as if whole. */
class BackupCut extends Data.TaggedError("BackupCut")<{ readonly cause: unknown }> {}

const megabytes = (parts: ReadonlyArray<Uint8Array>) => (parts.reduce((sum, part) => sum + part.byteLength, 0) / 1_048_576).toFixed(1)

const PIECE = 1_048_576

/**
 * The tar's ranges (one per file of the cluster, most of them small) joined into pieces of about
 * 1 MiB. Each piece gzip takes and each one it gives is a turn of the event loop, and a busy
 * embedded database holds the loop for each of its statements: in 16 KiB pieces a copy of the demo
 * database took half a minute to send while three operators wrote cases, in 1 MiB ones under 3 s.
 */
function* piecesOf(parts: ReadonlyArray<Uint8Array>): Generator<Uint8Array> {
  let batch: Array<Uint8Array> = []
  let length = 0
  for (const part of parts) {
    batch.push(part)
    length += part.byteLength
    if (length >= PIECE) {
      yield Buffer.concat(batch)
      batch = []
      length = 0
    }
  }
  if (batch.length > 0) yield Buffer.concat(batch)
}

const make = Effect.map(BackupRepo, (repo) => ({
  /**
   * A copy of the embedded database as `palma-AAAA-MM-DD.tar.gz` (Chile's day): the dump runs once
   * the body is asked for (so a large database is not cut by the request timeout), then the tar is
   * gzipped while it is sent. Who asked for it is logged by user id.
   */
  database: (actor: Actor): Effect.Effect<{ readonly fileName: string; readonly bytes: Stream.Stream<Uint8Array, BackupCut> }, Clash> => {
    if (Option.isNone(repo.dump)) return Effect.fail(onPostgres())
    const dump = repo.dump.value
    const bytes = Stream.unwrap(
      Effect.gen(function* () {
        const tar = yield* dump
        yield* Effect.logInfo(`Copia de seguridad de la base de datos pedida por el usuario ${actor.userId} (${megabytes(tar)} MB sin comprimir)`)
        return NodeStream.fromReadable(
          () => Readable.from(piecesOf(tar)).pipe(createGzip({ chunkSize: PIECE })),
          (cause) => new BackupCut({ cause })
        )
      })
    ).pipe(Stream.tapErrorCause((cause) => Effect.logError("La copia de seguridad de la base de datos no se pudo terminar", cause)))
    return Effect.succeed({ fileName: backupFileName(new Date()), bytes })
  }
}))

/** Backups of the embedded database (PGlite); on PostgreSQL, a Spanish 409 pointing at pg_dump. */
export class BackupService extends Context.Tag("palma/BackupService")<BackupService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(BackupService, make).pipe(Layer.provide(BackupRepo.layer))
}
