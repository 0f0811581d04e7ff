import { spawnSync } from "node:child_process"

/** psql against the cluster of `url`; the suite's PostgreSQL run needs only the client tools. */
export const psql = (url: string, command: string) => {
  const result = spawnSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-q", "-c", command], { encoding: "utf8" })
  if (result.status !== 0) throw new Error(`psql falló: ${result.stderr || result.error?.message}`)
}

/** One row of a query's answer, its fields as text. */
export const psqlRow = (url: string, query: string): ReadonlyArray<string> => {
  const result = spawnSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-At", "-F", "|", "-c", query], { encoding: "utf8" })
  if (result.status !== 0) throw new Error(`psql falló: ${result.stderr || result.error?.message}`)
  return result.stdout.trim().split("|")
}
