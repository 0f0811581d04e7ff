import type { Command } from "commander"
import { Effect } from "effect"
import { credentialsPath, deleteCredentials, readCredentials } from "../config/credentials.js"
import { connect } from "../http.js"

/**
 * Forgets the stored session. The server is told first (local mode) but only as a courtesy:
 * logging out must work offline or against a server that is gone.
 */
const logout = async () => {
  const path = credentialsPath()
  const stored = await readCredentials(path).catch(() => undefined)
  if (stored?.mode === "local") {
    await connect(stored.apiUrl, { token: stored.token })((client) => client.auth.signOut().pipe(Effect.timeout("5 seconds"))).catch(
      () => undefined
    )
  }
  const removed = await deleteCredentials(path)
  process.stdout.write(removed ? "Sesión cerrada.\n" : "No había una sesión guardada.\n")
  if (process.env.PALMA_TOKEN?.trim()) process.stderr.write("Aviso: PALMA_TOKEN sigue definido en el entorno y se seguirá usando.\n")
}

export const registerLogout = (program: Command) =>
  program.command("logout").description("cierra la sesión y borra las credenciales guardadas").action(logout)
