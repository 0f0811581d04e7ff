import type { Command } from "commander"
import { roleFromPublicMeta } from "@palma/core"
import { loadSession } from "../auth.js"
import { roleText } from "../describeSession.js"
import type { Io } from "../io.js"
import { renderJson } from "../output/json.js"
import { type GlobalOptions, openSession } from "../session.js"

const whoami = async (io: Io, options: { readonly json?: boolean }, globals: GlobalOptions) => {
  const { apiUrl, bearer, call } = await openSession(globals, io)
  const session = await loadSession(call, bearer)
  const role = roleFromPublicMeta(session.user.publicMetadata)
  if (options.json) {
    const { userId, user } = session
    io.stdout.write(renderJson({ userId, fullName: user.fullName, email: user.email, role, roleLabel: roleText(session), apiUrl }))
    return
  }
  io.stdout.write(
    [`Nombre:   ${session.user.fullName ?? "—"}`, `Correo:   ${session.user.email ?? "—"}`, `Rol:      ${roleText(session)}`, `Servidor: ${apiUrl}`]
      .map((line) => `${line}\n`)
      .join("")
  )
}

export const registerWhoami = (program: Command, io: Io) =>
  program
    .command("whoami")
    .description("muestra el usuario de la sesión: nombre, correo y rol")
    .option("--json", "salida JSON")
    .action((options: { json?: boolean }, command: Command) => whoami(io, options, command.optsWithGlobals<GlobalOptions>()))
