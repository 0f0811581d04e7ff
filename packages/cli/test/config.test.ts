import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { configDir } from "../src/config/configDir.js"
import { deleteCredentials, readCredentials, writeCredentials } from "../src/config/credentials.js"
import { CliError } from "../src/errors.js"
import { tokenExpiry } from "../src/tokenExpiry.js"

describe("configDir", () => {
  const home = "/home/ana"
  it("prefers PALMA_CONFIG_DIR, then XDG_CONFIG_HOME", () => {
    expect(configDir({ PALMA_CONFIG_DIR: "/tmp/p", XDG_CONFIG_HOME: "/x" }, "linux", home)).toBe("/tmp/p")
    expect(configDir({ XDG_CONFIG_HOME: "/x" }, "darwin", home)).toBe(join("/x", "palma"))
  })
  it("uses each platform's usual place", () => {
    expect(configDir({}, "linux", home)).toBe(join(home, ".config", "palma"))
    expect(configDir({}, "darwin", home)).toBe(join(home, "Library", "Application Support", "palma"))
    expect(configDir({ APPDATA: "C:\\Users\\ana\\AppData\\Roaming" }, "win32", home)).toBe(join("C:\\Users\\ana\\AppData\\Roaming", "palma"))
  })
})

describe("credentials file", () => {
  const credentials = { apiUrl: "http://localhost:3000", token: "t0k3n", expiresAt: 1_700_000_000_000, mode: "local" as const }

  it("round-trips, 0600 in a 0700 directory", async () => {
    const path = join(await mkdtemp(join(tmpdir(), "palma-cli-")), "nested", "credentials.json")
    await writeCredentials(credentials, path)
    expect(await readCredentials(path)).toEqual(credentials)
    if (process.platform !== "win32") {
      expect((await stat(path)).mode & 0o777).toBe(0o600)
      expect((await stat(join(path, ".."))).mode & 0o777).toBe(0o700)
    }
    await writeCredentials({ ...credentials, token: "otro" }, path)
    expect(JSON.parse(await readFile(path, "utf8"))).toMatchObject({ token: "otro" })
    expect(await deleteCredentials(path)).toBe(true)
    expect(await readCredentials(path)).toBeUndefined()
    expect(await deleteCredentials(path)).toBe(false)
  })

  it("reports a damaged file instead of silently signing out", async () => {
    const path = join(await mkdtemp(join(tmpdir(), "palma-cli-")), "credentials.json")
    await writeFile(path, "{ not json")
    await expect(readCredentials(path)).rejects.toBeInstanceOf(CliError)
  })
})

describe("tokenExpiry", () => {
  const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.s`
  it("reads exp in milliseconds, null when unreadable", () => {
    expect(tokenExpiry(jwt({ exp: 1_700_000_000 }))).toBe(1_700_000_000_000)
    expect(tokenExpiry(jwt({ sub: "x" }))).toBeNull()
    expect(tokenExpiry("opaque")).toBeNull()
    expect(tokenExpiry("a.%%%.b")).toBeNull()
  })
})
