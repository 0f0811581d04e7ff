import { ApiFailure, type Call, type OpenLive } from "@palma/core"
import { type StoredCredentials, credentialsPath, readCredentials, writeCredentials } from "./config/credentials.js"
import { deniedError, notSignedIn, signInHint, usageError } from "./errors.js"
import { type Bearer, connect, openLiveWith } from "./http.js"
import { type Env, type Io, envValue } from "./io.js"

const defaultApiUrl = "http://localhost:3000"

/** Refresh this long before expiry, so a command never starts with a token about to lapse. */
const refreshMarginMs = 2 * 60 * 1000

/** Options every command inherits from the program. */
export interface GlobalOptions {
  readonly apiUrl?: string
}

/** A server URL without trailing slashes, so stored and given URLs compare equal. */
const normalizeApiUrl = (value: string): string => {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw usageError(`URL del servidor inválida: «${value}»`)
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw usageError(`La URL del servidor debe ser http o https: «${value}»`)
  return url.href.replace(/\/+$/, "")
}

/** --api-url, then PALMA_API_URL, then the signed-in server, then the local default. */
export const resolveApiUrl = (options: GlobalOptions, stored: StoredCredentials | undefined, env: Env): string =>
  normalizeApiUrl(options.apiUrl ?? envValue(env, "PALMA_API_URL") ?? stored?.apiUrl ?? defaultApiUrl)

export interface SignedInCall {
  readonly apiUrl: string
  readonly bearer: Bearer
  readonly call: Call
  /** Opens a live stream with the session's credentials (see openLiveWith). */
  readonly openLive: OpenLive
}

const signedInCall = (apiUrl: string, token: string): SignedInCall => {
  const bearer: Bearer = { token }
  return { apiUrl, bearer, call: connect(apiUrl, bearer), openLive: openLiveWith(apiUrl, bearer) }
}

/**
 * Local tokens are short-lived: swap one near (or past) expiry for a fresh one and store it. The
 * session's refresh credential does the asking, so a token that expired hours ago is no obstacle
 * while the session lives; without one (a login older than it) the session is over.
 */
const refreshed = async (stored: StoredCredentials, apiUrl: string, path: string): Promise<StoredCredentials> => {
  if (stored.mode !== "local" || stored.expiresAt === null || stored.expiresAt - Date.now() > refreshMarginMs) return stored
  if (stored.refreshToken === undefined) throw deniedError(`La sesión expiró. ${signInHint}`)
  const issued = await connect(apiUrl, { token: stored.refreshToken })((client) => client.auth.refresh()).catch((error: unknown) => {
    if (error instanceof ApiFailure && (error.status === 401 || error.status === 403)) throw deniedError(`La sesión expiró. ${signInHint}`)
    throw error
  })
  const next = { ...stored, token: issued.token, expiresAt: issued.expiresAt }
  await writeCredentials(next, path)
  return next
}

/** A job token's refresh credential starts like every local session's: `prt_<session>.<secret>`. */
const isJobToken = (token: string) => token.startsWith("prt_")

const jobTokenEnded = () =>
  deniedError(
    "El token de la tarea (PALMA_TOKEN) fue revocado, venció o su cuenta está desactivada. Pida a un administrador que emita otro («palma users token …»)."
  )

/** Access tokens of a job token live a minute: a call this close to expiry gets a fresh one first. */
const jobRefreshMarginMs = 15 * 1000

/**
 * `PALMA_TOKEN` holding a job token (an admin issued it, `palma users token`): a refresh credential,
 * exchanged for an access token with the account's current role, and again before any call that
 * would start with one about to lapse, so a long run (an upload followed for minutes) outlives it.
 * The credential itself only ever goes to the refresh route, and is never printed.
 */
const jobSession = async (apiUrl: string, credential: string): Promise<SignedInCall> => {
  const exchange = connect(apiUrl, { token: credential })
  const bearer: Bearer = { token: undefined }
  let expiresAt = 0
  let pending: Promise<void> | undefined
  const renew = async () => {
    const issued = await exchange((client) => client.auth.refresh()).catch((error: unknown) => {
      if (error instanceof ApiFailure && (error.status === 401 || error.status === 403)) throw jobTokenEnded()
      throw error
    })
    bearer.token = issued.token
    expiresAt = issued.expiresAt
  }
  const fresh = () => {
    if (expiresAt - Date.now() > jobRefreshMarginMs) return Promise.resolve()
    pending ??= renew().finally(() => {
      pending = undefined
    })
    return pending
  }
  await fresh()
  const inner = connect(apiUrl, bearer)
  const call: Call = async (f) => {
    await fresh()
    return inner(f).catch((error: unknown) => {
      // Revoked (or its account disabled) while the job runs: the access tokens it gave stop at once.
      if (error instanceof ApiFailure && error.status === 401) throw jobTokenEnded()
      throw error
    })
  }
  return { apiUrl, bearer, call, openLive: openLiveWith(apiUrl, bearer, fresh) }
}

/**
 * What a bearer token may hold (RFC 6750's b64token). Anything else, such as a file that caught
 * pnpm's banner along with the token, is refused before any call, saying so.
 */
const tokenShape = /^[\w\-.~+/]+=*$/

const malformedToken = () =>
  usageError(
    "PALMA_TOKEN no tiene la forma de un token: contiene espacios, saltos de línea u otros caracteres. Si lo leyó de un archivo, el archivo debe tener solo el token (emítalo con «palma users token … > archivo» o «npx -y pnpm@10 -s palma users token … > archivo»: sin -s, pnpm escribe además su cabecera)."
  )

/**
 * A Call carrying the caller's token: `PALMA_TOKEN` for unattended jobs (a job token is exchanged
 * for access tokens, any other token is sent as it is), else the stored one. A stored token is
 * only ever sent to the server it was issued by.
 */
export const openSession = async (options: GlobalOptions, io: Io): Promise<SignedInCall> => {
  const envToken = envValue(io.env, "PALMA_TOKEN")
  if (envToken !== undefined) {
    if (!tokenShape.test(envToken)) throw malformedToken()
    const apiUrl = resolveApiUrl(options, undefined, io.env)
    return isJobToken(envToken) ? jobSession(apiUrl, envToken) : signedInCall(apiUrl, envToken)
  }
  const path = credentialsPath(io.configDir)
  const stored = await readCredentials(path)
  const apiUrl = resolveApiUrl(options, stored, io.env)
  if (stored === undefined) throw notSignedIn()
  if (stored.apiUrl !== apiUrl) {
    throw deniedError(`La sesión guardada es de ${stored.apiUrl}, no de ${apiUrl}. Ejecute «palma login --api-url ${apiUrl}» para iniciar sesión allí.`)
  }
  const current = await refreshed(stored, apiUrl, path)
  return signedInCall(apiUrl, current.token)
}
