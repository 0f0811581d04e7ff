import { Argument, type Command, Option } from "commander"
import { JOB_TOKEN_DEFAULT_DAYS, JOB_TOKEN_MAX_DAYS, NewUserInput, type Role, roleLabel } from "@palma/core"
import { usageError } from "../errors.js"
import type { Io } from "../io.js"
import { newPasswordOrAsk } from "../prompt.js"
import { type GlobalOptions, openSession } from "../session.js"
import { validPayload } from "../validate.js"
import { type IssueOptions, issueJobToken, listJobTokens, revokeJobToken } from "./jobTokenAdmin.js"
import { type ListOptions, listUsers, setUserDisabled, setUserRole } from "./userAdmin.js"
import { PASSWORD_FLAG } from "../optionTexts.js"

interface AddUserOptions {
  readonly email: string
  readonly name: string
  readonly role: Role | "none"
  readonly password?: string
}

/**
 * Creates a local user (admin only). The password comes from --password or is typed twice at a
 * terminal; the CLI never invents one, so it never has a password to print.
 */
const addUser = async (io: Io, options: AddUserOptions, globals: GlobalOptions) => {
  const { call } = await openSession(globals, io)
  const password = await newPasswordOrAsk(io, options.password, "--password")
  const { mode } = await call((client) => client.auth.config())
  if (mode === "clerk") throw usageError("El servidor usa Clerk: los usuarios se crean en el panel de Clerk.")
  const payload = validPayload(NewUserInput, {
    email: options.email,
    fullName: options.name,
    role: options.role === "none" ? null : options.role,
    password
  })
  const user = await call((client) => client.auth.createUser({ payload }))
  io.stdout.write(`Usuario creado: ${user.fullName} <${user.email}>, ${user.role === null ? "sin rol" : roleLabel[user.role]}.\n`)
}

export const registerUsers = (program: Command, io: Io) => {
  const users = program.command("users").description("administra usuarios (modo local, solo administradores)")
  users
    .command("add")
    .description("crea un usuario")
    .requiredOption("--email <correo>", "correo del usuario")
    .requiredOption("--name <nombre>", "nombre completo")
    .addOption(new Option("--role <rol>", "rol (none: sin rol)").choices(["user", "moderator", "admin", "none"]).makeOptionMandatory())
    .option(PASSWORD_FLAG, "contraseña inicial (mínimo 8 caracteres); si falta y hay terminal, se pregunta")
    .action((options: AddUserOptions, command: Command) => addUser(io, options, command.optsWithGlobals<GlobalOptions>()))
  users
    .command("list")
    .description("lista los usuarios (50 por página)")
    .option("--search <texto>", "busca en nombre y correo, sin importar tildes ni mayúsculas")
    .option("--page <n>", "página, desde 1")
    .option("--json", "salida JSON")
    .action((options: ListOptions, command: Command) => listUsers(io, options, command.optsWithGlobals<GlobalOptions>()))
  users
    .command("role")
    .description("cambia el rol de un usuario (se aplica en su próximo token, a lo más un minuto)")
    .argument("<usuario>", "correo o id (user_…)")
    .addArgument(new Argument("<rol>", "rol nuevo (none: sin rol)").choices(["user", "moderator", "admin", "none"]))
    .action((who: string, role: Role | "none", _: unknown, command: Command) => setUserRole(io, who, role, command.optsWithGlobals<GlobalOptions>()))
  users
    .command("disable")
    .description("desactiva un usuario y cierra sus sesiones")
    .argument("<usuario>", "correo o id (user_…)")
    .action((who: string, _: unknown, command: Command) => setUserDisabled(io, who, true, command.optsWithGlobals<GlobalOptions>()))
  users
    .command("enable")
    .description("vuelve a activar un usuario desactivado")
    .argument("<usuario>", "correo o id (user_…)")
    .action((who: string, _: unknown, command: Command) => setUserDisabled(io, who, false, command.optsWithGlobals<GlobalOptions>()))
  users
    .command("token")
    .description("emite un token (PALMA_TOKEN) con el que una tarea programada actúa como ese usuario; se muestra una sola vez")
    .argument("<usuario>", "correo o id (user_…) de la cuenta de la tarea")
    .requiredOption("--name <nombre>", "para qué es, p. ej. «Exportación nocturna»")
    .option("--days <n>", `días de vigencia, de 1 a ${JOB_TOKEN_MAX_DAYS} (por omisión ${JOB_TOKEN_DEFAULT_DAYS})`)
    .option("--json", "salida JSON (el token emitido con sus datos)")
    .action((who: string, options: IssueOptions, command: Command) => issueJobToken(io, who, options, command.optsWithGlobals<GlobalOptions>()))
  users
    .command("tokens")
    .description("lista los tokens de tareas programadas vigentes (sin el secreto)")
    .option("--json", "salida JSON")
    .action((options: { json?: boolean }, command: Command) => listJobTokens(io, options, command.optsWithGlobals<GlobalOptions>()))
  users
    .command("revoke-token")
    .description("revoca un token de tarea programada: deja de servir de inmediato")
    .argument("<id>", "id del token (palma users tokens)")
    .action((id: string, _: unknown, command: Command) => revokeJobToken(io, id, command.optsWithGlobals<GlobalOptions>()))
  return users
}
