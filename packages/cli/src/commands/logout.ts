import type { Command } from "commander"
import { Effect } from "effect"
import { credentialsPath, deleteCredentials, readCredentials } from "../config/credentials.js"
import { connect } from "../http.js"
import { type Io, envValue } from "../io.js"

/**
 * Forgets the stored session. The server is told first (local mode) but only as a courtesy:
 * logging out must work offline or against a server that is gone.
 */
const logout = async (io: Io) => {
  const path = credentialsPath(io.configDir)
  const stored = await readCredentials(path).catch(() => undefined)
  if (stored?.mode === "local") {
    // The refresh credential ends the session even when the access token has long expired.
    const token = stored.refreshToken ?? stored.token
    await connect(stored.apiUrl, { token })((client) => client.auth.signOut().pipe(Effect.timeout("5 seconds"))).catch(() => undefined)
  }
  const removed = await deleteCredentials(path)
  io.stdout.write(removed ? "Sesión cerrada.\n" : "No había una sesión guardada.\n")
  if (envValue(io.env, "PALMA_TOKEN") !== undefined) io.stderr.write("Aviso: PALMA_TOKEN sigue definido en el entorno y se seguirá usando.\n")
}

export const registerLogout = (program: Command, io: Io) =>
  program
    .command("logout")
    .description("cierra la sesión y borra las credenciales guardadas")
    .action(() => logout(io))
