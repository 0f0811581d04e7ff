import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import { databaseReady } from "../../src/app.js"
import { AuthConfig } from "../../src/auth/AuthConfig.js"
import { databaseLayer } from "../../src/sql/Database.js"
import * as PgLiteClient from "../../src/sql/PgLiteClient.js"
import { psql } from "./psql.js"
import type { Template } from "./testServer.js"

const ready = databaseReady({ seedDemo: true, demoPassword: "palma-demo", databaseUrl: process.env.DATABASE_URL }).pipe(Layer.provide(AuthConfig.layerFrom({})))

/**
 * Migrates and seeds ONE database, the way `pnpm start` does, so every test server starts from a
 * copy of it instead of migrating and seeding again. On PGlite the template is a dumped cluster
 * each server loads in memory; with DATABASE_URL it is a PostgreSQL database each server's own is
 * created from (`CREATE DATABASE … TEMPLATE`). Returns it and how to remove it.
 */
export const buildTemplate = async (): Promise<{ template: Template; remove: () => void }> => {
  const baseUrl = process.env.DATABASE_URL
  if (baseUrl) {
    const database = `palma_template_${randomBytes(6).toString("hex")}`
    psql(baseUrl, `CREATE DATABASE ${database}`)
    const url = new URL(baseUrl)
    url.pathname = `/${database}`
    await Effect.runPromise(Effect.scoped(Layer.build(ready.pipe(Layer.provide(databaseLayer({ databaseUrl: url.toString() }))))))
    return { template: { kind: "postgres", database }, remove: () => psql(baseUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) }
  }
  const dir = mkdtempSync(join(tmpdir(), "palma-template-"))
  const file = join(dir, "pglite.tar")
  const dump = Effect.flatMap(PgLiteClient.PgLiteClient, (client) => client.dumpDataDir).pipe(Effect.provide(Layer.provideMerge(ready, PgLiteClient.layer())))
  writeFileSync(file, Buffer.concat(await Effect.runPromise(dump)))
  return { template: { kind: "pglite", file }, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
