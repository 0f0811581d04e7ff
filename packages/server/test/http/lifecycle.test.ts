import { rmSync } from "node:fs"
import { describe, expect, inject, it } from "vitest"
import { psql } from "../support/psql.js"
import { startServerProcess } from "../support/serverProcess.js"
import { clientAs, demo, signIn } from "../support/api.js"

// Real processes on a data dir of their own: a copy of the run's migrated and seeded template, but
// where what is tested is the first seeding (migrating and seeding a new one takes about 20 s alone).
describe("server lifecycle", { timeout: 180_000 }, () => {
  it("keeps every change across a restart, without seeding twice", async () => {
    // Seeded once already, by the process that made the template.
    const first = await startServerProcess({ keep: true, template: inject("palmaTemplate") })
    const admin = clientAs(first.url, await signIn(first.url, demo.admin))
    const created = await admin((c) => c.family.create({ payload: { name: "Persistente" } }))
    const hogar = (await admin((c) => c.family.list({ urlParams: {} }))).find((f) => f.name === "Hogar")!
    await admin((c) => c.family.update({ path: { id: hogar.id }, payload: { name: "Casa" } }))
    await first.stop()

    const second = await startServerProcess({
      dataDir: first.dataDir,
      keep: true,
      env: first.databaseUrl ? { DATABASE_URL: first.databaseUrl } : {}
    })
    try {
      const again = clientAs(second.url, await signIn(second.url, demo.admin))
      const names = (await again((c) => c.family.list({ urlParams: {} }))).map((f) => f.name)
      expect(names).toContain("Persistente")
      // A renamed seed row is not seeded again.
      expect(names).toContain("Casa")
      expect(names).not.toContain("Hogar")
      expect((await again((c) => c.family.getById({ path: { id: created.id } }))).name).toBe("Persistente")
    } finally {
      await second.stop()
      rmSync(first.dataDir, { recursive: true, force: true })
      if (first.databaseUrl && process.env.DATABASE_URL) {
        psql(process.env.DATABASE_URL, `DROP DATABASE IF EXISTS ${new URL(first.databaseUrl).pathname.slice(1)} WITH (FORCE)`)
      }
    }
  })

  it.skipIf(Boolean(process.env.DATABASE_URL))("refuses a data dir held by another Palma process, with a clear message", async () => {
    const first = await startServerProcess({ keep: true, template: inject("palmaTemplate") })
    try {
      await expect(startServerProcess({ dataDir: first.dataDir, keep: true })).rejects.toThrow(/ya está en uso por otro proceso de Palma/)
      // The holder is unharmed.
      expect((await fetch(`${first.url}/api/auth/config`)).status).toBe(200)
    } finally {
      await first.stop()
      rmSync(first.dataDir, { recursive: true, force: true })
    }
  })

  it("seeds no demo users or demo masters with PALMA_SEED_DEMO=0", async () => {
    const server = await startServerProcess({ env: { PALMA_SEED_DEMO: "0" } })
    try {
      const response = await fetch(`${server.url}/api/auth/local/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: demo.admin, password: "palma-demo" })
      })
      expect(response.status).toBe(401)
    } finally {
      await server.stop()
    }
  })
})
