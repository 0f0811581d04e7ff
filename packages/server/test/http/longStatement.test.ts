import { PGlite } from "@electric-sql/pglite"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, inject, it } from "vitest"
import { clientAs, demo, signIn } from "../support/api.js"
import { psql } from "../support/psql.js"
import { untilReadyz } from "../support/readyz.js"
import { startServerProcess, unpack } from "../support/serverProcess.js"

/**
 * Issue 31 §1 on the built server: a real request whose statement runs far too long. No client can
 * send such a statement, so the test's own database gets a trigger that makes one chat message
 * (the text «lento») take ten minutes to insert; every other message is written as usual.
 */
const SLOW = "lento"
const slowTrigger = `
  CREATE FUNCTION palma_test_slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(600); RETURN NEW; END $$;
  CREATE TRIGGER palma_test_slow BEFORE INSERT ON case_chat FOR EACH ROW WHEN (NEW.message = '${SLOW}') EXECUTE FUNCTION palma_test_slow();`
const LIMIT_SECONDS = 10

/** A server process on a copy of the template with the slow trigger, its statements limited to LIMIT_SECONDS. */
const startSlowServer = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "palma-test-"))
  const env = { PALMA_STATEMENT_TIMEOUT_SECONDS: String(LIMIT_SECONDS), PALMA_DRAIN_SECONDS: "1" }
  const template = inject("palmaTemplate")
  if (process.env.DATABASE_URL) {
    const server = await startServerProcess({ template, env })
    psql(server.databaseUrl!, slowTrigger)
    return { server, remove: () => rmSync(dataDir, { recursive: true, force: true }) }
  }
  // The embedded cluster is the process's alone once it runs: the trigger goes in before.
  unpack(template, dataDir)
  const db = await PGlite.create(join(dataDir, "pglite"))
  await db.exec(slowTrigger)
  await db.close()
  const server = await startServerProcess({ dataDir, env })
  return { server, remove: () => rmSync(dataDir, { recursive: true, force: true }) }
}

const post = (url: string, token: string, caseId: string, message: string) =>
  fetch(`${url}/api/case/createChatMessage`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ case_id: caseId, message })
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as { readonly message?: string } | null }))

describe("a statement that runs too long (issue 31 §1)", { timeout: 300_000 }, () => {
  it("is cut at the limit with a Spanish 503 while the server answers others; the database goes on; SIGTERM mid-statement leaves with 0", async () => {
    const { server, remove } = await startSlowServer()
    try {
      const token = await signIn(server.url, demo.moderator)
      const call = clientAs(server.url, token)
      const caseId = (await call((c) => c.case.getAll({ urlParams: { records: 1 } }))).data[0]!.id
      let answered = false
      const slow = post(server.url, token, caseId, SLOW).finally(() => (answered = true))

      // The statement holds the database's thread, not the server's: the probe answers meanwhile.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      expect(answered, "la solicitud lenta respondió antes de la sonda").toBe(false)

      expect(await slow).toEqual({
        status: 503,
        body: { _tag: "Unavailable", message: `La consulta tardó más de ${LIMIT_SECONDS} s y se canceló. Intente de nuevo; si se repite, acote la búsqueda.` }
      })
      // Reopened on its files: writes go on, and the cut transaction left nothing behind.
      expect((await post(server.url, token, caseId, "Después del corte")).status).toBe(200)
      const chat = await call((c) => c.case.getChatByCase({ path: { case_id: caseId } }))
      expect(chat.map((m) => m.message)).toContain("Después del corte")
      expect(chat.map((m) => m.message)).not.toContain(SLOW)

      // Asked to stop in the middle of another one: the drain runs, and the process leaves with 0.
      const stopped = post(server.url, token, caseId, SLOW)
      await new Promise((resolve) => setTimeout(resolve, 500))
      process.kill(server.pid!, "SIGTERM")
      await untilReadyz(server.url, 503)
      expect((await stopped).status).toBe(503)
      expect(await server.exited).toEqual({ code: 0, signal: null })
    } finally {
      await server.stop()
      remove()
    }
  })
})
