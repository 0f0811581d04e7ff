import { spawn } from "node:child_process"
import { mkdtemp, readFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { clientAs, demo, demoPassword, signIn } from "../../server/test/support/api.js"
import { startServer } from "../../server/test/support/startServer.js"
import { palma } from "./support/palma.js"

const root = fileURLToPath(new URL("../../../", import.meta.url))

/** Every command of the README's shell blocks that runs the CLI through pnpm. */
const documentedCommands = async () => {
  const readme = await readFile(join(root, "README.md"), "utf8")
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) => block[1]!)
  return blocks.flatMap((block) => block.split("\n")).filter((line) => /\bpnpm@10 .*\bpalma\b/.test(line))
}

/** A README line run by a shell at the clone's root, as a person pastes it; the caller's PALMA_* variables dropped. */
const shell = (line: string, env: Record<string, string>) =>
  new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("PALMA_")))
    const child = spawn("sh", ["-c", line], { cwd: root, env: { ...inherited, ...env }, stdio: ["ignore", "ignore", "pipe"] })
    let stderr = ""
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stderr }))
  })

describe("the README's CLI commands", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("all run the CLI through pnpm silently, so stdout is the CLI's alone", async () => {
    const commands = await documentedCommands()
    expect(commands.length).toBeGreaterThan(20)
    expect(commands.filter((line) => !line.startsWith("npx -y pnpm@10 -s palma "))).toEqual([])
  })

  // Through npx and pnpm for real: their own output would land in the file and spoil the token.
  it("a job token written to a file as documented works as PALMA_TOKEN", { timeout: 180_000 }, async () => {
    const admin = await signIn(server.url, demo.admin)
    await clientAs(
      server.url,
      admin
    )((c) => c.auth.createUser({ payload: { email: "tarea@palma.cl", fullName: "Tarea nocturna", role: "user", password: demoPassword } }))
    const documented = (await documentedCommands()).find((line) => line.includes(" users token "))!
    const file = join(await mkdtemp(join(tmpdir(), "palma-readme-")), "job.token")
    const issued = await shell(documented.replace(/> job\.token$/, `> ${file}`), { PALMA_API_URL: server.url, PALMA_TOKEN: admin })
    expect(issued.code, issued.stderr).toBe(0)

    const run = await palma(["whoami", "--json"], {
      PALMA_CONFIG_DIR: join(file, "..", "config"),
      PALMA_API_URL: server.url,
      PALMA_TOKEN: await readFile(file, "utf8")
    })
    expect(run.stderr).toBe("")
    expect(JSON.parse(run.stdout)).toMatchObject({ email: "tarea@palma.cl" })
  })
})
