import type { Command } from "commander"
import { ApiFailure, type Session, SignInInput } from "@palma/core"
import { loadSession, signInWithPassword } from "../auth.js"
import { type StoredCredentials, credentialsPath, readCredentials, writeCredentials } from "../config/credentials.js"
import { describeUser } from "../describeSession.js"
import { deniedError, usageError } from "../errors.js"
import { type Bearer, connect } from "../http.js"
import type { Io } from "../io.js"
import { secretOrAsk, valueOrAsk } from "../prompt.js"
import { type GlobalOptions, resolveApiUrl } from "../session.js"
import { tokenExpiry } from "../tokenExpiry.js"
import { validPayload } from "../validate.js"
import { PASSWORD_FLAG } from "../optionTexts.js"

interface LoginOptions {
  readonly email?: string
  readonly password?: string
  readonly token?: string
}

/**
 * Local mode signs in with email and password; Clerk mode takes a session token obtained from
 * Clerk (`--token`), since the CLI cannot show Clerk's sign-in page. Either way the auth machine
 * confirms the session before anything is stored.
 */
const login = async (io: Io, options: LoginOptions, globals: GlobalOptions) => {
  const path = credentialsPath(io.configDir)
  const apiUrl = resolveApiUrl(globals, await readCredentials(path), io.env)
  const bearer: Bearer = { token: undefined }
  const call = connect(apiUrl, bearer)
  const { mode } = await call((client) => client.auth.config())
  const usesPassword = options.email !== undefined || options.password !== undefined
  if (mode === "clerk" && usesPassword) {
    throw usageError("El servidor usa Clerk: obtenga un token de sesión en la web e inicie sesión con «palma login --token <token>».")
  }
  if (options.token !== undefined && usesPassword) throw usageError("Use --token o --email/--password, no ambos.")

  let stored: StoredCredentials
  let session: Session
  if (mode === "clerk" || options.token !== undefined) {
    bearer.token = await secretOrAsk(io, options.token, "--token", "Token de sesión:")
    session = await loadSession(call, bearer)
    stored = { apiUrl, token: bearer.token, expiresAt: tokenExpiry(bearer.token), mode }
  } else {
    const email = await valueOrAsk(io, options.email, "--email", "Correo:")
    const password = await secretOrAsk(io, options.password, "--password", "Contraseña:")
    const credentials = validPayload(SignInInput, { email, password })
    // A rejected password is a refusal (3), but the "run palma login" hint would be absurd here.
    const signedIn = await signInWithPassword(call, bearer, credentials).catch((error: unknown) => {
      throw error instanceof ApiFailure && error.status === 401 ? deniedError(error.message) : error
    })
    session = signedIn.session
    const { token, expiresAt, refreshToken } = signedIn.issued
    stored = { apiUrl, token, expiresAt, mode, ...(refreshToken === undefined ? {} : { refreshToken }) }
  }
  await writeCredentials(stored, path)
  io.stdout.write(`Sesión iniciada en ${apiUrl} como ${describeUser(session)}.\n`)
}

export const registerLogin = (program: Command, io: Io) =>
  program
    .command("login")
    .description("inicia sesión y guarda las credenciales (modo local: correo y contraseña; modo Clerk: --token)")
    .option("--email <correo>", "correo del usuario (modo local)")
    .option(PASSWORD_FLAG, "contraseña (modo local); si falta y hay terminal, se pregunta")
    .option("--token <token>", "token de sesión (modo Clerk, o un token ya emitido)")
    .action((options: LoginOptions, command: Command) => login(io, options, command.optsWithGlobals<GlobalOptions>()))
