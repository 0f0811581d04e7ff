import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { send } from "../security/http.js"
import { clientAs, demo, demoTokens, signIn } from "../support/api.js"
import { type Fixture, caseFixture, newCase } from "../support/caseFixture.js"
import { type InProcessServer, startServer } from "../support/startServer.js"
import { startServerFrom } from "../support/testServer.js"

/**
 * Issue 33 §5, "a consistent dump of the running PGlite": a copy taken while operators keep
 * writing holds every write acknowledged before it was asked for, and each case in it is whole
 * (its events fold to its stored row, version and stage). Writers open cases and edit them, each
 * edit one transaction of several statements (event, case, state, list row).
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))("a backup taken while writes go on", { timeout: 300_000 }, () => {
  let server: InProcessServer
  let restored: InProcessServer | undefined
  let tokens: Awaited<ReturnType<typeof demoTokens>>
  let fixture: Fixture
  let dir: string

  beforeAll(async () => {
    server = await startServer()
    tokens = await demoTokens(server.url)
    fixture = await caseFixture(server)
    dir = mkdtempSync(join(tmpdir(), "palma-backup-writes-"))
  })
  afterAll(async () => {
    await Promise.all([server?.stop(), restored?.stop()])
    rmSync(dir, { recursive: true, force: true })
  })

  type Case = { case_id: string; case_number: number; version: number; event: { description: string } } & Record<string, unknown>
  interface Ack {
    readonly caseId: string
    readonly version: number
    readonly at: number
  }

  it("holds every write acknowledged before it was asked for, and every case in it folds to what is stored", async () => {
    const acks: Array<Ack> = []
    let inFlight = 0
    let writing = true
    const upsert = async (body: unknown, etag?: string) => {
      inFlight += 1
      try {
        const response = await send(server.url, "POST", "/api/case/upsert", {
          token: tokens.user,
          body: JSON.stringify(body),
          headers: etag === undefined ? {} : { "if-match": etag }
        })
        expect(response.status, response.text).toBe(200)
        const stored = response.json as Case
        acks.push({ caseId: stored.case_id, version: stored.version, at: performance.now() })
        return { stored, etag: response.headers.get("etag") ?? undefined }
      } finally {
        inFlight -= 1
      }
    }
    const writer = async (name: string) => {
      while (writing) {
        let { stored, etag } = await upsert(newCase(fixture))
        for (let edit = 1; edit <= 3 && writing; edit += 1) {
          ;({ stored, etag } = await upsert({ ...stored, event: { ...stored.event, description: `${name}: cambio ${edit}` } }, etag))
        }
      }
    }
    const writers = ["a", "b", "c"].map(writer)
    while (acks.length < 12) await new Promise((resolve) => setTimeout(resolve, 20))

    const askedAt = performance.now()
    // The writers have requests waiting or running as the copy is asked for.
    expect(inFlight).toBeGreaterThan(0)
    const response = await fetch(`${server.url}/api/backup`, { headers: { authorization: `Bearer ${tokens.admin}` } })
    expect(response.status).toBe(200)
    const copy = new Uint8Array(await response.arrayBuffer())
    const settled = acks.length
    while (acks.length < settled + 6) await new Promise((resolve) => setTimeout(resolve, 20))
    writing = false
    await Promise.all(writers)

    const file = join(dir, "pglite.tar")
    writeFileSync(file, gunzipSync(copy))
    restored = await startServerFrom({ kind: "pglite", file })
    const versions = new Map(
      (await restored.sql((sql) => sql<{ id: string; version: number }>`SELECT id::text, version FROM assistance_case`)).map((row) => [row.id, row.version])
    )
    const before = acks.filter((ack) => ack.at < askedAt)
    for (const ack of before) expect(versions.get(ack.caseId), `caso ${ack.caseId} v${ack.version}`).toBeGreaterThanOrEqual(ack.version)
    // Writes acknowledged after it was asked for are there or not, but never in part: every case's events fold to its row.
    // A server of its own data dir signs with its own key: the admin signs in there.
    const report = await clientAs(restored.url, await signIn(restored.url, demo.admin))((c) => c.case.verify({ payload: { all: true } }))
    expect(report.mismatches).toEqual([])
    expect(report.checked).toBe(versions.size)
    const [events] = await restored.sql(
      (sql) =>
        sql<{ stray: number }>`SELECT count(*)::int AS stray FROM assistance_case c
          WHERE c.version <> (SELECT count(*) FROM case_event e WHERE e.case_id = c.id)`
    )
    expect(events?.stray).toBe(0)
  })
})
