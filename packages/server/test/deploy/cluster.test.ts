import { randomBytes } from "node:crypto"
import { describe, expect, inject, it } from "vitest"
import { caseStepsOf, type CaseView, eventStreamParser } from "@palma/core"
import { BULK_LOAD_UPLOAD_PATH } from "@palma/core/api"
import { clientAs, demo, signIn } from "../support/api.js"
import { haproxyBin, startBalancer } from "../support/balancer.js"
import { psql, psqlRow } from "../support/psql.js"
import { rosterForm, rosterPlan, rosterWorkbook, ruts, settled } from "../support/roster.js"
import { freePort, startServerProcess } from "../support/serverProcess.js"
import { until } from "../support/until.js"

/**
 * Issue 33 §6: the deployment recipe in deploy/, run. Three built Palma processes on one
 * PostgreSQL behind HAProxy with deploy/haproxy.cfg, a mixed load through HAProxy (reads, case
 * steps, chat messages, one roster upload, live followers that resume with Last-Event-ID), and
 * mid-load one process SIGKILLed and another sent SIGTERM. Nothing acknowledged may be lost or
 * written twice, every follower must get every event of its case, the upload must end on the
 * survivor, and the draining process must have said "not ready" before it left. It prints what
 * clients saw meanwhile (errors, the longest pause); nothing here asserts a time.
 */
const databaseUrl = process.env.DATABASE_URL
const ROWS = 5_000
const CASES = 3
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** What the clients saw: errors by kind, and by kind of client the longest wait between two answers that worked (ms). */
const observed = () => {
  const errors = new Map<string, number>()
  const pauses = new Map<string, number>()
  return {
    error: (kind: string) => errors.set(kind, (errors.get(kind) ?? 0) + 1),
    pause: (kind: string, ms: number) => pauses.set(kind, Math.max(pauses.get(kind) ?? 0, Math.round(ms))),
    report: () => ({ errors: Object.fromEntries(errors), longestPauseMs: Object.fromEntries(pauses) })
  }
}

/** The process HAProxy named in X-Palma-Server (palma1…palma3). */
const serverIndex = (name: string | null) => {
  const index = Number(name?.replace("palma", "")) - 1
  if (!(index >= 0 && index < 3)) throw new Error(`HAProxy no dijo qué proceso respondió (${name})`)
  return index
}

describe("three Palma processes behind HAProxy on one PostgreSQL (deploy/)", () => {
  it(
    "loses and repeats no acknowledged write, keeps every follower whole and finishes the upload through a SIGKILL and a SIGTERM",
    { timeout: 240_000 },
    async (context) => {
      if (!databaseUrl) return context.skip("Sin PostgreSQL: la prueba del clúster corre con DATABASE_URL (como en .ci/run)")
      if (!haproxyBin) return context.skip("Sin haproxy: instálelo (apt-get install haproxy) para correr la prueba del clúster")
      const template = inject("palmaTemplate")
      const name = `palma_cluster_${randomBytes(6).toString("hex")}`
      psql(databaseUrl, `CREATE DATABASE ${name}${template.kind === "postgres" ? ` TEMPLATE ${template.database}` : ""}`)
      const url = Object.assign(new URL(databaseUrl), { pathname: `/${name}` }).toString()
      const lbPort = await freePort()
      const lb = `http://127.0.0.1:${lbPort}`
      // One public address for all, as behind a balancer: tokens name it as their issuer.
      const env = {
        DATABASE_URL: url,
        PALMA_PUBLIC_URL: lb,
        CLERK_AUTHORIZED_PARTIES: lb,
        // HAProxy takes a process out after 2 failed checks 1 s apart.
        PALMA_DRAIN_SECONDS: "4",
        PALMA_JOB_LEASE_SECONDS: "5"
      }
      const servers = await Promise.all([0, 1, 2].map(() => startServerProcess({ env })))
      const balancer = startBalancer(
        `127.0.0.1:${lbPort}`,
        servers.map((s) => new URL(s.url).host)
      )
      let stopping = false
      try {
        await until("HAProxy", async () => ((await fetch(`${lb}/readyz`).catch(() => undefined))?.status === 200 ? true : undefined))
        const token = await signIn(lb, demo.moderator)
        const adminToken = await signIn(lb, demo.admin)
        const seen = observed()

        /** A request through HAProxy: its status, body and the process that answered (X-Palma-Server). */
        const call = async (method: string, path: string, body?: string, bearer = token) => {
          const response = await fetch(`${lb}${path}`, {
            method,
            headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
            body,
            signal: AbortSignal.timeout(30_000)
          })
          return { status: response.status, text: await response.text(), server: response.headers.get("x-palma-server") }
        }
        /** Runs `once` until the load stops, timing the gaps between answers that worked. */
        const loop = async (kind: string, once: () => Promise<boolean>) => {
          let lastOk = performance.now()
          while (!stopping) {
            const ok = await once().catch(
              (error: Error) => (seen.error(`${kind}: ${error.name === "TimeoutError" ? "sin respuesta" : "conexión cortada"}`), false)
            )
            if (!ok) continue
            seen.pause(kind, performance.now() - lastOk)
            lastOk = performance.now()
          }
        }
        const answered = (kind: string, status: number) => {
          if (status === 200) return true
          seen.error(`${kind}: ${status}`)
          return false
        }

        // Cases a moderator can close now, each written by one writer and followed by two followers.
        const list = JSON.parse((await call("GET", "/api/case/getAll?records=50")).text) as { data: ReadonlyArray<{ id: string }> }
        const cases: CaseView[] = []
        for (const row of list.data) {
          if (cases.length === CASES) break
          const view = JSON.parse((await call("GET", `/api/case/getById/${row.id}`)).text) as CaseView
          if (caseStepsOf(view, "moderator").some((o) => o.step === "close" && o.refusal === null)) cases.push(view)
        }
        expect(cases).toHaveLength(CASES)

        /** A follower as EventSource follows: reconnects after the server's `retry:`, with the last id it got as Last-Event-ID. */
        const follow = (caseId: string) => {
          const versions = new Set<number>()
          const chats = new Set<number>()
          let done = false
          let controller = new AbortController()
          const run = async () => {
            let last: string | undefined
            let retry = 3_000
            let lost: number | undefined
            while (!done) {
              controller = new AbortController()
              try {
                const response = await fetch(`${lb}/api/case/live?case_id=${caseId}`, {
                  headers: { authorization: `Bearer ${token}`, ...(last === undefined ? {} : { "last-event-id": last }) },
                  signal: controller.signal
                })
                if (answered("seguidor", response.status) && response.body) {
                  if (lost !== undefined) seen.pause("seguidor", performance.now() - lost)
                  lost = undefined
                  const parser = eventStreamParser({
                    event: (event) => {
                      last = event.lastEventId
                      const [version, chat] = event.lastEventId.split(".").map(Number)
                      if (event.type === "case") versions.add(version!)
                      if (event.type === "chat") chats.add(chat!)
                    },
                    retry: (ms) => (retry = ms)
                  })
                  const decoder = new TextDecoder()
                  for await (const chunk of response.body) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }))
                }
              } catch {
                if (done) break
                seen.error("seguidor: conexión cortada")
              }
              lost ??= performance.now()
              if (!done) await sleep(retry)
            }
          }
          const running = run()
          return {
            caseId,
            versions,
            chats,
            stop: async () => {
              done = true
              controller.abort()
              await running
            }
          }
        }
        const chatsBefore = new Map(cases.map((c) => [c.case_id, Number(psqlRow(url, `SELECT count(*) FROM case_chat WHERE case_id = '${c.case_id}'`)[0])]))
        const followers = cases.flatMap((c) => [follow(c.case_id), follow(c.case_id)])

        // Writers: each acknowledged step and message is named, to be found in the database once.
        const acked = { steps: [] as string[], chats: [] as string[] }
        const stepWriter = (view: CaseView, i: number) => {
          let closable = true
          let n = 0
          return loop("paso", async () => {
            const description = `carga ${i}-${++n}`
            const response = await call("POST", `/api/case/${view.case_id}/step`, JSON.stringify({ type: closable ? "close" : "reopen", description }))
            if (answered("paso", response.status)) {
              acked.steps.push(description)
              closable = !closable
              return true
            }
            // What happened is unknown: the case says which step comes next.
            const now = await call("GET", `/api/case/getById/${view.case_id}`)
            if (now.status === 200) closable = caseStepsOf(JSON.parse(now.text) as CaseView, "moderator").some((o) => o.step === "close" && o.refusal === null)
            return false
          })
        }
        const chatWriter = (view: CaseView, i: number) => {
          let n = 0
          return loop("chat", async () => {
            const message = `mensaje ${i}-${++n}`
            const response = await call("POST", "/api/case/createChatMessage", JSON.stringify({ case_id: view.case_id, message }))
            if (!answered("chat", response.status)) return false
            acked.chats.push(message)
            return true
          })
        }
        const reader = (path: string) => loop("lectura", async () => answered("lectura", (await call("GET", path)).status))

        // One roster upload, read and loaded by whichever process takes it (most likely the one it reached).
        const admin = clientAs(lb, adminToken)
        const plan = await rosterPlan(admin, "Cluster", 76555222, [
          { field_id: "rut", header: "RUT Asegurado", required: true },
          { field_id: "name", header: "Nombres", required: true },
          { field_id: "paternalLastName", header: "Apellido Paterno", required: true }
        ])
        const roster = await rosterWorkbook(
          ["RUT Asegurado", "Nombres", "Apellido Paterno"],
          ruts(19_000_000, ROWS).map((rut, i) => [rut, `Persona ${i}`, "Cluster"])
        )

        const load = [
          ...cases.map(stepWriter),
          ...cases.map(chatWriter),
          reader("/api/case/getAll?records=20"),
          reader("/api/family/list"),
          reader(`/api/case/getById/${cases[0]!.case_id}`)
        ]
        const uploaded = await fetch(`${lb}${BULK_LOAD_UPLOAD_PATH}`, {
          method: "POST",
          headers: { authorization: `Bearer ${adminToken}` },
          body: rosterForm({ retailId: plan.retailId, planId: plan.planId }, roster)
        })
        expect(uploaded.status).toBe(200)
        const job = ((await uploaded.json()) as { id: string }).id
        const holder = () => psqlRow(url, `SELECT status, coalesce(owner, '') FROM bulk_load_job WHERE id = '${job}'`)
        await until("la carga en curso", async () => (holder()[1] !== "" ? true : undefined))
        await until("escrituras antes de las caídas", async () => (acked.steps.length + acked.chats.length >= 30 ? true : undefined))

        // The process the upload reached is killed outright; another one is asked to stop.
        const killed = servers[serverIndex(uploaded.headers.get("x-palma-server"))]!
        const drained = servers.find((s) => s !== killed)!
        process.kill(killed.pid!, "SIGKILL")
        process.kill(drained.pid!, "SIGTERM")
        let notReadyBeforeExit = false
        await until("el cierre del proceso drenado", async () => {
          const status = await fetch(`${drained.url}/readyz`, { headers: { connection: "close" } }).then(
            (r) => r.status,
            () => undefined
          )
          if (status === 503) notReadyBeforeExit = true
          return status === undefined ? true : undefined
        })
        const drainedExit = await drained.exited
        // The survivor carries the load on for a while.
        const after = acked.steps.length + acked.chats.length
        await until("escrituras en el sobreviviente", async () => (acked.steps.length + acked.chats.length >= after + 30 ? true : undefined))
        stopping = true
        await Promise.all(load)

        const finished = await settled(admin, job)
        // Every follower has every event of its case since it came, from the store or live.
        const expected = (caseId: string) => {
          const [version, chat] = psqlRow(
            url,
            `SELECT (SELECT max(version) FROM case_event WHERE case_id = '${caseId}'), (SELECT count(*) FROM case_chat WHERE case_id = '${caseId}')`
          ).map(Number)
          return { version: version!, chat: chat! }
        }
        const before = new Map(cases.map((c) => [c.case_id, c]))
        const missing = (f: (typeof followers)[number]) => {
          const { version, chat } = expected(f.caseId)
          const start = before.get(f.caseId)!
          const versions = Array.from({ length: version - start.version }, (_, i) => start.version + 1 + i).filter((v) => !f.versions.has(v))
          const chats = Array.from({ length: chat - chatsBefore.get(f.caseId)! }, (_, i) => chatsBefore.get(f.caseId)! + 1 + i).filter((c) => !f.chats.has(c))
          return versions.length + chats.length === 0 ? undefined : { versions, chats }
        }
        await until("los seguidores al día", async () => (followers.every((f) => missing(f) === undefined) ? true : undefined), 30_000).catch(() => undefined)
        const gaps = followers.flatMap((f) => {
          const gap = missing(f)
          return gap === undefined ? [] : [{ caseId: f.caseId, ...gap }]
        })
        await Promise.all(followers.map((f) => f.stop()))

        const written = (query: string) =>
          new Map(
            psqlRow(url, query)
              .filter((line) => line !== "")
              .map((line) => line.split("=") as [string, string])
              .map(([text, count]) => [text, Number(count)])
          )
        const ids = cases.map((c) => `'${c.case_id}'`).join(",")
        const steps = written(
          `SELECT string_agg(d || '=' || n, '|') FROM (SELECT payload->>'description' AS d, count(*) AS n FROM case_event WHERE case_id IN (${ids}) AND payload->>'description' LIKE 'carga %' GROUP BY 1) t`
        )
        const chats = written(
          `SELECT string_agg(m || '=' || n, '|') FROM (SELECT message AS m, count(*) AS n FROM case_chat WHERE case_id IN (${ids}) AND message LIKE 'mensaje %' GROUP BY 1) t`
        )
        const covered = psqlRow(
          url,
          `SELECT count(*), count(DISTINCT c.rut) FROM lead l JOIN customer c ON c.id = l.customer_id WHERE l.product_plan_id = '${plan.planId}'`
        ).map(Number)

        // What HAProxy saw (checks, servers up and down, requests it answered itself), for a failure's reader.
        const refusedByBalancer = balancer
          .output()
          .split("\n")
          .filter((line) => /is (UP|DOWN)|no server available|<NOSRV>| 50[234] /.test(line))
        console.log(`HAProxy:\n${refusedByBalancer.slice(-40).join("\n")}`)
        console.log(
          `Clúster (3 procesos, SIGKILL a ${killed.url}, SIGTERM a ${drained.url}): ${acked.steps.length} pasos y ${acked.chats.length} mensajes confirmados;`,
          `lo que vieron los clientes: ${JSON.stringify(seen.report())}`
        )
        expect({
          lost: [...acked.steps.filter((d) => steps.get(d) !== 1), ...acked.chats.filter((m) => chats.get(m) !== 1)],
          duplicated: [...steps, ...chats].filter(([, n]) => n > 1).map(([text]) => text),
          followersMissing: gaps,
          upload: { status: finished.status, succeeded: finished.succeeded, people: covered },
          notReadyBeforeExit,
          drainedExit
        }).toEqual({
          lost: [],
          duplicated: [],
          followersMissing: [],
          upload: { status: "done", succeeded: ROWS, people: [ROWS, ROWS] },
          notReadyBeforeExit: true,
          drainedExit: { code: 0, signal: null }
        })
      } finally {
        stopping = true
        await balancer.stop()
        await Promise.all(servers.map((s) => s.stop()))
        psql(databaseUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      }
    }
  )
})
