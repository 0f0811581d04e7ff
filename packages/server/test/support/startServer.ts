import { inject } from "vitest"
import { type InProcessServer, type RunningServer, startServerFrom, type Template } from "./testServer.js"

export type { InProcessServer, RunningServer }
export { psql } from "./psql.js"

/** What the run's global setup (template.ts) hands every test file. */
declare module "vitest" {
  export interface ProvidedContext {
    palmaTemplate: Template
  }
}

/**
 * The real server in this test's process, on a clone of the run's template: each test file gets
 * its own clean database in well under a second.
 */
export const startServer = (options: { env?: Readonly<Record<string, string>> } = {}): Promise<InProcessServer> =>
  startServerFrom(inject("palmaTemplate"), options)
