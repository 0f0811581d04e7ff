import { randomBytes } from "node:crypto"
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import { Option, Schema } from "effect"
import { CliError, ExitCode } from "../errors.js"

/** What `palma login` leaves behind. `mode` says whether the token can be refreshed (local issuer only). */
export const StoredCredentials = Schema.Struct({
  apiUrl: Schema.String,
  token: Schema.String,
  /** Epoch milliseconds; null when the token's expiry is unknown. */
  expiresAt: Schema.NullOr(Schema.Number),
  mode: Schema.Literal("local", "clerk"),
  /** The session's refresh credential (local sign-in): refreshes even after the token expired, ends the session on logout. */
  refreshToken: Schema.optional(Schema.String)
})
export type StoredCredentials = typeof StoredCredentials.Type

const decode = Schema.decodeUnknownOption(Schema.parseJson(StoredCredentials))

export const credentialsPath = (configDir: string) => join(configDir, "credentials.json")

const isMissing = (error: unknown) => error instanceof Error && "code" in error && error.code === "ENOENT"

/** The stored credentials, or undefined when nobody signed in. A damaged file is an error, not a silent logout. */
export const readCredentials = async (path: string): Promise<StoredCredentials | undefined> => {
  let text: string
  try {
    text = await readFile(path, "utf8")
  } catch (error) {
    if (isMissing(error)) return undefined
    throw error
  }
  return Option.getOrThrowWith(
    decode(text),
    () => new CliError(`El archivo de credenciales ${path} está dañado. Ejecute «palma logout» y vuelva a iniciar sesión.`, ExitCode.failure)
  )
}

/**
 * Writes through a fresh temporary file created 0600 in a 0700 directory, then renames it over
 * the old one: the token is never readable by others, not even for an instant, and a crash never
 * leaves half a file.
 */
export const writeCredentials = async (credentials: StoredCredentials, path: string): Promise<void> => {
  const dir = dirname(path)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const temporary = join(dir, `.credentials-${randomBytes(6).toString("hex")}.tmp`)
  try {
    await writeFile(temporary, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600, flag: "wx" })
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

/** Removes the stored credentials; true when there were some. */
export const deleteCredentials = async (path: string): Promise<boolean> => {
  try {
    await rm(path)
    return true
  } catch (error) {
    if (isMissing(error)) return false
    throw error
  }
}
