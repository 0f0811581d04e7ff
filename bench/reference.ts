/**
 * The reference servers a bench measures Palma against, each a process of its own (like Palma, so
 * it does not share the load generator's event loop): a bare node:http server and the smallest
 * Effect HttpApi server (the platform's floor), both answering the bytes Palma returned.
 */
import { type ChildProcess, fork } from "node:child_process"
import { fileURLToPath } from "node:url"
import type { Captured } from "./capture.ts"
import type { BareRoutes } from "./referenceChild.ts"

export type Reference = "effect" | "bare" | "caseOpen"
const referenceScripts: Record<Reference, string> = { effect: "./effectServer.ts", bare: "./bareServer.ts", caseOpen: "./caseOpenFloor.ts" }

/** Starts a reference server (bare node:http, or the smallest Effect HttpApi) as a child process and resolves its loopback URL. */
export const startReference = (
  reference: Reference,
  routes: BareRoutes,
  env: Readonly<Record<string, string>> = {}
): Promise<{ url: string; child: ChildProcess }> =>
  new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL(referenceScripts[reference], import.meta.url)), [], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "inherit", "ipc"]
    })
    const timer = setTimeout(() => {
      child.kill("SIGTERM")
      reject(new Error("El servidor de referencia no respondió en 30 s"))
    }, 30_000)
    child.once("message", (message: { port: number }) => {
      clearTimeout(timer)
      resolve({ url: `http://127.0.0.1:${message.port}`, child })
    })
    child.once("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`El servidor de referencia terminó al iniciar (código ${code})`))
    })
    child.send(routes)
  })

export const stopChild = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once("exit", () => resolve())
    child.kill("SIGTERM")
  })

/** Whether a reference answered what Palma did: status, bytes and content type. */
export const sameResponse = (a: Captured, b: Captured) =>
  a.status === b.status && a.body.equals(b.body) && a.headers["content-type"] === b.headers["content-type"]
