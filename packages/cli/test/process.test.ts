import { mkdtemp, readFile, stat } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demo, demoPassword, signIn } from "../../server/test/support/api.js"
import { startServer } from "../../server/test/support/startServer.js"
import { spawnPalma } from "./support/palma.js"

/**
 * The built executable, as a shell or a scheduler runs it: only what the process boundary itself
 * decides (exit statuses, stdin that is a pipe, the real umask, the inherited environment). What
 * the commands do is tested in-process (e2e.test.ts, catalog.e2e.test.ts).
 */
describe("the palma executable", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  const configDir = () => mkdtemp(join(tmpdir(), "palma-cli-process-"))

  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("exits 0 after login, leaving credentials readable by the owner only and the token unprinted", async () => {
    const dir = await configDir()
    const login = await spawnPalma(["login", "--email", demo.admin, "--password", demoPassword], { PALMA_CONFIG_DIR: dir, PALMA_API_URL: server.url })
    expect(login.stderr).toBe("")
    expect(login.code).toBe(0)
    const path = join(dir, "credentials.json")
    const { token } = JSON.parse(await readFile(path, "utf8")) as { token: string }
    expect(login.stdout).not.toContain(token)
    if (process.platform !== "win32") {
      expect((await stat(path)).mode & 0o777).toBe(0o600)
      expect((await stat(dir)).mode & 0o777).toBe(0o700)
    }
  })

  it("exits 1 when the server cannot be reached", async () => {
    const run = await spawnPalma(["login", "--email", demo.admin, "--password", demoPassword], {
      PALMA_CONFIG_DIR: await configDir(),
      PALMA_API_URL: "http://127.0.0.1:9"
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("No se pudo conectar con el servidor")
  })

  it("exits 2 on a usage error, commander's message in Spanish on stderr", async () => {
    const run = await spawnPalma(["list", "family", "--bogus"], { PALMA_CONFIG_DIR: await configDir() })
    expect(run.code).toBe(2)
    expect(run.stdout).toBe("")
    expect(run.stderr).toBe("error: opción desconocida «--bogus»\n")
  })

  it("never prompts when stdin is a pipe: a missing password is exit 2", async () => {
    const run = await spawnPalma(["login", "--email", demo.admin], { PALMA_CONFIG_DIR: await configDir(), PALMA_API_URL: server.url })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("--password")
  })

  it("reads PALMA_TOKEN and PALMA_API_URL from its environment; without them and unsigned in, exits 3", async () => {
    const token = await signIn(server.url, demo.admin)
    const fresh = await configDir()
    const run = await spawnPalma(["list", "family", "--json"], { PALMA_CONFIG_DIR: fresh, PALMA_API_URL: server.url, PALMA_TOKEN: token })
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).not.toHaveLength(0)

    const denied = await spawnPalma(["whoami"], { PALMA_CONFIG_DIR: fresh, PALMA_API_URL: server.url })
    expect(denied.code).toBe(3)
    expect(denied.stderr).toContain("palma login")
  })
})
