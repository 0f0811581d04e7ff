import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"

const bin = fileURLToPath(new URL("../../bin/palma.mjs", import.meta.url))

export interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs the real `palma` executable. Asynchronous on purpose: the server under test lives in this
 * process, so a synchronous spawn would block the very server the CLI is calling. The caller's
 * PALMA_* variables are dropped so a developer's own session never leaks into a test.
 */
export const palma = (args: ReadonlyArray<string>, env: Readonly<Record<string, string>>): Promise<Run> =>
  new Promise((resolve, reject) => {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("PALMA_")))
    const child = spawn(process.execPath, [bin, ...args], { env: { ...inherited, ...env }, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stdout, stderr }))
  })
