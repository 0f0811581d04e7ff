import type { Results } from "@electric-sql/pglite"

/**
 * What the server's thread tells the database thread (./pgliteThread.ts): open the cluster, run a
 * statement, dump the cluster, close it. One message at a time: the client's permit serializes them.
 */
export type ToDatabase =
  | {
      readonly kind: "open"
      /** Directory of the cluster; undefined keeps it in the thread's memory. */
      readonly dataDir: string | undefined
      /** PGlite's WASM, compiled once per process: a compiled module crosses threads without a copy. */
      readonly wasm: WebAssembly.Module
      /** A dumped cluster to start from (transferred, not copied). */
      readonly cluster: ArrayBuffer | undefined
    }
  | { readonly kind: "statement"; readonly sql: string; readonly params: ReadonlyArray<unknown>; readonly rowMode: "object" | "array" }
  | { readonly kind: "dump" }
  | { readonly kind: "close" }

/**
 * A database error as it crosses threads: a structured clone of an Error keeps only its message,
 * so its fields (`code`, `constraint`, …) travel by name. Never the bound values (`params`).
 */
export interface StatementFault {
  readonly name: string
  readonly message: string
  readonly fields: Readonly<Record<string, string | number>>
}

/** What the database thread answers, one per message. */
export type FromDatabase =
  | { readonly kind: "opened" }
  | { readonly kind: "results"; readonly results: ReadonlyArray<Results> }
  | { readonly kind: "dumped"; readonly parts: ReadonlyArray<Uint8Array> }
  | { readonly kind: "closed" }
  | { readonly kind: "failed"; readonly fault: StatementFault }
