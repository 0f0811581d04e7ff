import { NodeRuntime } from "@effect/platform-node"
import { Cause, Effect, Either, Layer } from "effect"
import { appLayer } from "./app.js"
import { loadServerConfig } from "./config.js"
import { demoUsers } from "./seed/demoUsers.js"

const loaded = loadServerConfig(process.env)
if (Either.isLeft(loaded)) {
  console.error(`No se pudo iniciar Palma: ${loaded.left}`)
  process.exit(1)
}
const config = loaded.right
const url = `http://localhost:${config.port}`

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

/** Fails fast and readably (a held data dir, a bad Clerk config) instead of a stack trace. */
// The banner comes after the server serves, so its URL answers at once.
Layer.launch(Layer.effectDiscard(banner).pipe(Layer.provide(appLayer(config, process.env)))).pipe(
  Effect.tapErrorCause((cause) =>
    Effect.sync(() => {
      const failure = Cause.failureOption(cause)
      const message =
        failure._tag === "Some" && typeof failure.value === "object" && failure.value !== null && "message" in failure.value
          ? String(failure.value.message) || Cause.pretty(cause)
          : Cause.pretty(cause)
      console.error(`No se pudo iniciar Palma: ${message}`)
    })
  ),
  NodeRuntime.runMain({ disableErrorReporting: true })
)
