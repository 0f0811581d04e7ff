import { randomBytes } from "node:crypto"
import { describe, expect, inject, it } from "vitest"
import { BULK_LOAD_UPLOAD_PATH } from "@palma/core/api"
import { clientAs, demo, signIn } from "../support/api.js"
import { haproxyBin, startBalancer } from "../support/balancer.js"
import { clusterLoad, observed, serverIndex } from "../support/clusterLoad.js"
import { psql, psqlRow } from "../support/psql.js"
import { rosterForm, rosterPlan, rosterWorkbook, ruts, settled } from "../support/roster.js"
import { freePort, startServerProcess } from "../support/serverProcess.js"
import { readyzStatus, untilReadyz } from "../support/readyz.js"
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
      let stopLoad: () => void = () => undefined
      try {
        await untilReadyz(lb, 200)
        const token = await signIn(lb, demo.moderator)
        const adminToken = await signIn(lb, demo.admin)
        const seen = observed()
        const clients = clusterLoad(lb, token, seen)
        stopLoad = clients.stop

        // Cases a moderator can close now, each written by one writer and followed by two followers.
        const cases = await clients.closableCases(CASES)
        expect(cases).toHaveLength(CASES)
        const chatsBefore = new Map(cases.map((c) => [c.case_id, Number(psqlRow(url, `SELECT count(*) FROM case_chat WHERE case_id = '${c.case_id}'`)[0])]))
        const followers = cases.flatMap((c) => [clients.follow(c.case_id), clients.follow(c.case_id)])
        const acked = clients.acked

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
          ...cases.map(clients.stepWriter),
          ...cases.map(clients.chatWriter),
          clients.reader("/api/case/getAll?records=20"),
          clients.reader("/api/family/list"),
          clients.reader(`/api/case/getById/${cases[0]!.case_id}`)
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
          const status = await readyzStatus(drained.url)
          if (status === 503) notReadyBeforeExit = true
          return status === undefined ? true : undefined
        })
        const drainedExit = await drained.exited
        // The survivor carries the load on for a while.
        const after = acked.steps.length + acked.chats.length
        await until("escrituras en el sobreviviente", async () => (acked.steps.length + acked.chats.length >= after + 30 ? true : undefined))
        clients.stop()
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
        stopLoad()
        await balancer.stop()
        await Promise.all(servers.map((s) => s.stop()))
        psql(databaseUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      }
    }
  )
})
