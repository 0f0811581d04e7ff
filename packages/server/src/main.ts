import { Cause, Effect, Either, Exit } from "effect"
import { appLayer } from "./app.js"
import { loadServerConfig } from "./config.js"
import { drainProcess } from "./drain/drainProcess.js"
import { listenForStop } from "./drain/stopSignal.js"
import { palmaLoggerLayer } from "./log/PalmaLogger.js"
import { demoUsers } from "./seed/demoUsers.js"

const loaded = loadServerConfig(process.env)
if (Either.isLeft(loaded)) {
  console.error(`No se pudo iniciar Palma: ${loaded.left}`)
  process.exit(1)
}
const config = loaded.right
const url = `http://localhost:${config.port}`
const stopped = listenForStop()

const banner = Effect.gen(function* () {
  const local = !process.env.CLERK_SECRET_KEY && !process.env.CLERK_JWT_KEY
  const lines = [
    `Palma escuchando en ${url}`,
    config.databaseUrl ? "Base de datos: PostgreSQL (DATABASE_URL)" : `Base de datos: PGlite en ${config.dataDir}`,
    local ? "Acceso: local (sin Clerk)" : "Acceso: Clerk"
  ]
  if (local && config.seedDemo) {
    lines.push(`Cuentas de demostración (contraseña: ${process.env.PALMA_DEMO_PASSWORD ? "la de PALMA_DEMO_PASSWORD" : config.demoPassword}):`)
    for (const user of demoUsers) lines.push(`  ${user.email.padEnd(22)} ${user.role ?? "sin rol"}`)
  }
  yield* Effect.sync(() => console.log(lines.join("\n")))
})

/** Why the server could not start (a held data dir, a bad Clerk config), readably instead of a stack trace. */
const reason = (cause: Cause.Cause<unknown>) => {
  const failure = Cause.failureOption(cause)
  return failure._tag === "Some" && typeof failure.value === "object" && failure.value !== null && "message" in failure.value
    ? String(failure.value.message) || Cause.pretty(cause)
    : Cause.pretty(cause)
}

// The banner comes after the server serves, so its URL answers at once. On SIGTERM or SIGINT the
// process drains (drainProcess), then the layers close (database last) and it leaves with 0.
const program = Effect.gen(function* () {
  yield* banner
  const signal = yield* stopped
  yield* Effect.logInfo(`Palma recibió ${signal}`)
  yield* drainProcess(config.drainSeconds)
}).pipe(Effect.provide(appLayer(config, process.env)), Effect.provide(palmaLoggerLayer(config.logFormat)))

Effect.runFork(program).addObserver((exit) => {
  if (Exit.isFailure(exit)) console.error(`No se pudo iniciar Palma: ${reason(exit.cause)}`)
  process.exit(Exit.isSuccess(exit) ? 0 : 1)
})
