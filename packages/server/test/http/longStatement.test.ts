import { PGlite } from "@electric-sql/pglite"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, inject, it } from "vitest"
import { clientAs, demo, signIn } from "../support/api.js"
import { psql, psqlRow } from "../support/psql.js"
import { startServerProcess, unpack } from "../support/serverProcess.js"
import { until } from "../support/until.js"

/**
 * Issue 31 §1 on the built server: a real request whose statement runs far too long. No client can
 * send such a statement, so the test's own database gets a trigger that makes one chat message
 * (the text «lento») take ten minutes to insert; every other message is written as usual. On
 * PGlite the trigger first writes a file into the cluster's directory, which tells the test the
 * statement runs (on PostgreSQL, pg_stat_activity does).
 */
const SLOW = "lento"
const STARTED = "slow-started"
const slowTrigger = (marked: boolean) => `
  CREATE FUNCTION palma_test_slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    ${marked ? `EXECUTE format('COPY (SELECT 1) TO %L', current_setting('data_directory') || '/${STARTED}');` : ""}
    PERFORM pg_sleep(600);
    RETURN NEW;
  END $$;
  CREATE TRIGGER palma_test_slow BEFORE INSERT ON case_chat FOR EACH ROW WHEN (NEW.message = '${SLOW}') EXECUTE FUNCTION palma_test_slow();`

/** A server process on a copy of the template with the slow trigger, with `env`. */
const startSlowServer = async (env: Record<string, string>) => {
  const dataDir = mkdtempSync(join(tmpdir(), "palma-test-"))
  const template = inject("palmaTemplate")
  const remove = () => rmSync(dataDir, { recursive: true, force: true })
  if (process.env.DATABASE_URL) {
    const server = await startServerProcess({ template, env })
    psql(server.databaseUrl!, slowTrigger(false))
    return { server, dataDir, remove }
  }
  // The embedded cluster is the process's alone once it runs: the trigger goes in before.
  unpack(template, dataDir)
  const db = await PGlite.create(join(dataDir, "pglite"))
  await db.exec(slowTrigger(true))
  await db.close()
  const server = await startServerProcess({ dataDir, env })
  return { server, dataDir, remove }
}

/** Waits until the slow statement runs in the database. */
const untilSlowRuns = (databaseUrl: string | undefined, dataDir: string) =>
  until("la sentencia lenta en curso", async () =>
    databaseUrl
      ? psqlRow(databaseUrl, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'")[0] !== "0" || undefined
      : existsSync(join(dataDir, "pglite", STARTED)) || undefined
  )

const post = (url: string, token: string, caseId: string, message: string) =>
  fetch(`${url}/api/case/createChatMessage`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ case_id: caseId, message })
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as { readonly message?: string } | null }))

const firstCase = async (url: string, token: string) => (await clientAs(url, token)((c) => c.case.getAll({ urlParams: { records: 1 } }))).data[0]!.id

describe("a statement that runs too long (issue 31 §1)", { timeout: 300_000 }, () => {
  it("is cut at the limit with a Spanish 503 while the server answers others; the database goes on", async () => {
    const limit = 10
    const { server, remove } = await startSlowServer({ PALMA_STATEMENT_TIMEOUT_SECONDS: String(limit) })
    try {
      const token = await signIn(server.url, demo.moderator)
      const call = clientAs(server.url, token)
      const caseId = await firstCase(server.url, token)
      let answered = false
      const slow = post(server.url, token, caseId, SLOW).finally(() => (answered = true))

      // The statement holds the database's thread, not the server's: the probe answers meanwhile.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      expect(answered, "la solicitud lenta respondió antes de la sonda").toBe(false)

      expect(await slow).toEqual({
        status: 503,
        body: { _tag: "Unavailable", message: `La consulta tardó más de ${limit} s y se canceló. Intente de nuevo; si se repite, acote la búsqueda.` }
      })
      // Reopened on its files: writes go on, and the cut transaction left nothing behind.
      expect((await post(server.url, token, caseId, "Después del corte")).status).toBe(200)
      const chat = await call((c) => c.case.getChatByCase({ path: { case_id: caseId } }))
      expect(chat.map((m) => m.message)).toContain("Después del corte")
      expect(chat.map((m) => m.message)).not.toContain(SLOW)
    } finally {
      await server.stop()
      remove()
    }
  })

  it("does not hold a process asked to stop: once the drain is over the statement is cut, its request answers 503 and the process leaves with 0", async () => {
    // Limits far beyond the test's own: only the stop can end the statement or its request.
    const { server, dataDir, remove } = await startSlowServer({
      PALMA_STATEMENT_TIMEOUT_SECONDS: "600",
      PALMA_REQUEST_TIMEOUT_SECONDS: "600",
      PALMA_DRAIN_SECONDS: "1"
    })
    try {
      const token = await signIn(server.url, demo.moderator)
      const caseId = await firstCase(server.url, token)
      const stopped = post(server.url, token, caseId, SLOW)
      await untilSlowRuns(server.databaseUrl, dataDir)
      process.kill(server.pid!, "SIGTERM")
      // A deadline, not a measure: without the cut the process would wait for the statement (600 s).
      const exited = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve("sigue corriendo"), 30_000))])
      expect(exited).toEqual({ code: 0, signal: null })
      expect(await stopped).toEqual({
        status: 503,
        body: { _tag: "Unavailable", message: "El servidor se está cerrando y canceló la consulta. Intente de nuevo en unos segundos." }
      })
      if (server.databaseUrl) return
      // The embedded cluster, cut mid-transaction, opens again: what was committed stays, the cut insert is gone.
      const again = await startServerProcess({ dataDir })
      try {
        const token = await signIn(again.url, demo.moderator)
        expect((await post(again.url, token, caseId, "Tras el reinicio")).status).toBe(200)
        const chat = await clientAs(again.url, token)((c) => c.case.getChatByCase({ path: { case_id: caseId } }))
        expect(chat.map((m) => m.message)).toContain("Tras el reinicio")
        expect(chat.map((m) => m.message)).not.toContain(SLOW)
      } finally {
        await again.stop()
      }
    } finally {
      await server.stop()
      remove()
    }
  })
})
