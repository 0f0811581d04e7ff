import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"

/** The deployment recipe's HAProxy configuration, as operators install it. */
const config = fileURLToPath(new URL("../../../../deploy/haproxy.cfg", import.meta.url))

/** HAProxy's binary, if installed (Debian puts it in /usr/sbin, outside a user's PATH). */
export const haproxyBin = ["haproxy", "/usr/sbin/haproxy"].find((bin) => spawnSync(bin, ["-v"]).status === 0)

const exitOf = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())))

/**
 * HAProxy with deploy/haproxy.cfg in the foreground, on `bind` in front of up to three processes
 * (`hosts`, "127.0.0.1:port"); a slot left without a process points at `unused`, a closed port,
 * which its checks mark down. Its log is kept for a failure's report.
 */
export const startBalancer = (bind: string, hosts: ReadonlyArray<string>, unused = "127.0.0.1:9") => {
  if (haproxyBin === undefined) throw new Error("haproxy no está instalado (apt-get install haproxy)")
  let output = ""
  const slots = Object.fromEntries([0, 1, 2].map((i) => [`PALMA_${i + 1}`, hosts[i] ?? unused]))
  const child = spawn(haproxyBin, ["-f", config, "-db"], { env: { ...process.env, PALMA_LB_BIND: bind, ...slots }, stdio: ["ignore", "pipe", "pipe"] })
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
  return {
    pid: child.pid,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM")
      await exitOf(child)
    }
  }
}
