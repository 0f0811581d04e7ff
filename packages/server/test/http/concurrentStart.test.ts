import { randomBytes } from "node:crypto"
import { afterAll, describe, expect, it } from "vitest"
import { clientAs, demo, signIn } from "../support/api.js"
import { psql, psqlRow } from "../support/psql.js"
import { startServerProcess } from "../support/serverProcess.js"

const baseUrl = process.env.DATABASE_URL
const name = `palma_t_${randomBytes(6).toString("hex")}`
const databaseUrl = (() => {
  if (!baseUrl) return ""
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return url.toString()
})()

afterAll(() => {
  if (baseUrl) psql(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
})

// Several processes on one PostgreSQL (README, Production) may all start on a database nobody has
// migrated yet: one migrates and seeds, the others wait for it and find it done.
describe.skipIf(!baseUrl)("processes started together on a new PostgreSQL database", { timeout: 300_000 }, () => {
  it("all start; the schema is migrated once and the demo data seeded once", async () => {
    psql(baseUrl!, `CREATE DATABASE ${name}`)
    const servers = await Promise.allSettled([1, 2, 3].map(() => startServerProcess({ env: { DATABASE_URL: databaseUrl } })))
    try {
      expect(servers.map((s) => (s.status === "rejected" ? String(s.reason) : "ok"))).toEqual(["ok", "ok", "ok"])
      const [migrations, distinct] = psqlRow(databaseUrl, "SELECT count(*), count(DISTINCT migration_id) FROM effect_sql_migrations")
      expect(migrations).toBe(distinct)
      const [admins] = psqlRow(databaseUrl, `SELECT count(*) FROM app_user WHERE lower(email) = lower('${demo.admin}')`)
      expect(admins).toBe("1")
      for (const server of servers) {
        if (server.status !== "fulfilled") continue
        const admin = clientAs(server.value.url, await signIn(server.value.url, demo.admin))
        expect((await admin((c) => c.family.list({ urlParams: {} }))).map((f) => f.name)).toContain("Hogar")
      }
    } finally {
      await Promise.all(servers.map((s) => (s.status === "fulfilled" ? s.value.stop() : undefined)))
    }
  })
})
