import { createHash } from "node:crypto"
import pg from "pg"

/** Past this many statements prepared on one connection, the rest run unnamed: the server keeps each one's plan. */
const MAX_PREPARED = 500
/** Bulk statements (a batch's many rows) are rarely the same twice: prepared, they would only fill the connection. */
const MAX_PARAMETERS = 200
const MAX_TEXT = 20_000

type Callback = (error: Error | null, result: unknown) => void

/**
 * A pool connection that prepares each statement with parameters once, named by its text, and
 * then only binds and runs it. Unnamed, PostgreSQL parses and plans every statement anew: a case's
 * opening (some twenty subqueries) spent more time planned than run. A statement whose result's
 * shape a schema change altered fails once ("cached plan must not change result type", 0A000);
 * the connection then names its statements afresh, so the next call prepares them again.
 */
export class PreparingClient extends pg.Client {
  #generation = 0
  readonly #names = new Set<string>()

  // pg's `query` has many overloads: @effect/sql-pg calls `query(text, values, callback)`, the one
  // named here; every other form passes through unchanged.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: Array<any>): any {
    const [text, values, callback] = args as [unknown, unknown, unknown]
    if (typeof text !== "string" || !Array.isArray(values) || typeof callback !== "function") return super.query(...(args as Parameters<pg.Client["query"]>))
    const name = this.#nameOf(text, values.length)
    if (name === undefined) return super.query(text, values, callback as Callback)
    return super.query({ name, text, values }, (error: (Error & { code?: string }) | null, result: unknown) => {
      if (error?.code === "0A000" && error.message.includes("cached plan")) {
        this.#generation += 1
        this.#names.clear()
      }
      ;(callback as Callback)(error, result)
    })
  }

  #nameOf(text: string, parameters: number): string | undefined {
    if (parameters === 0 || parameters > MAX_PARAMETERS || text.length > MAX_TEXT) return undefined
    const name = `p${this.#generation}_${createHash("sha1").update(text).digest("base64url").slice(0, 22)}`
    if (this.#names.has(name)) return name
    if (this.#names.size >= MAX_PREPARED) return undefined
    this.#names.add(name)
    return name
  }
}
