/**
 * `pnpm bench:cluster` (issue 33): the deployment recipe under load. Three built Palma processes
 * on one PostgreSQL (DATABASE_URL, a database of its own, dropped after) and HAProxy with
 * deploy/haproxy.cfg in front of 1, 2 and then 3 of them; through it, the cluster test's mixed
 * load (support/clusterLoad.ts: readers, case step and chat writers, live followers) for
 * BENCH_DURATION seconds after BENCH_WARMUP: req/s and p50/p99 per process count, and the CPU each
 * part took. Then a failover run on 3: one process SIGKILLed and another sent SIGTERM mid-load;
 * the errors clients saw and the longest pause of each kind of client.
 */
import { availableParallelism } from "node:os"
import { demo, signIn } from "../packages/server/test/support/api.ts"
import { haproxyBin, startBalancer } from "../packages/server/test/support/balancer.ts"
import { clusterLoad, observed } from "../packages/server/test/support/clusterLoad.ts"
import { untilReadyz } from "../packages/server/test/support/readyz.ts"
import { freePort, startServerProcess } from "../packages/server/test/support/serverProcess.ts"
import { until } from "../packages/server/test/support/until.ts"
import { cpuSeconds, envInt, log, runBench } from "./pagedReads.ts"

const durationS = envInt("BENCH_DURATION", 15, 2, 120)
const warmupS = envInt("BENCH_WARMUP", 3, 1, 30)
/** Loops per read path (three paths): the load's concurrency besides the writers. */
const readers = envInt("BENCH_READERS", 3, 1, 64)
/** Cases written, each by a step writer and a chat writer and followed by two followers. */
const caseCount = envInt("BENCH_CASES", 3, 1, 10)
/** The drain of the SIGTERMed process (the recipe's default, 10 s). */
const drainS = envInt("BENCH_DRAIN_SECONDS", 10, 1, 60)

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const percentile = (sorted: ReadonlyArray<number>, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

/** Count, p50 and p99 (ms) of some answer times. */
const summary = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) }
}

/** HAProxy's log names each server it marks down. */
const downServers = (output: string) => new Set([...output.matchAll(/Server palma\/(palma\d) is DOWN/g)].map((match) => match[1])).size

process.exitCode = await runBench(async (cleanups) => {
  if (!process.env.DATABASE_URL) throw new Error("bench:cluster corre sobre PostgreSQL: defina DATABASE_URL")
  if (!haproxyBin) throw new Error("Falta haproxy (apt-get install haproxy)")
  const lbPort = await freePort()
  const lb = `http://127.0.0.1:${lbPort}`
  // One public address for all, as behind a balancer: tokens name it as their issuer.
  const env = { PALMA_PUBLIC_URL: lb, CLERK_AUTHORIZED_PARTIES: lb, PALMA_DRAIN_SECONDS: String(drainS) }
  log(`Bench del clúster: PostgreSQL, HAProxy, ${readers} lectores por ruta, ${caseCount} casos, Node ${process.version}, ${availableParallelism()} CPU`)
  log("Migrando y sembrando una base nueva…")
  // The first process makes the database (and drops it at its stop, the last cleanup); the others join it.
  const first = await startServerProcess({ env })
  cleanups.push(() => first.stop())
  const others = await Promise.all([1, 2].map(() => startServerProcess({ env: { ...env, DATABASE_URL: first.databaseUrl! } })))
  cleanups.unshift(() => Promise.all(others.map((s) => s.stop())).then(() => undefined))
  const servers = [first, ...others]
  const pids = servers.map((s) => s.pid!)

  /** HAProxy in front of the first `count` processes, once it sends requests to them only. */
  const balanced = async (count: number) => {
    const balancer = startBalancer(
      `127.0.0.1:${lbPort}`,
      servers.slice(0, count).map((s) => new URL(s.url).host)
    )
    await untilReadyz(lb, 200)
    // The slots without a process point at a closed port: wait until HAProxy took them out.
    await until("los puestos vacíos fuera de HAProxy", async () => (downServers(balancer.output()) >= 3 - count ? true : undefined), 30_000)
    return balancer
  }

  /** The mixed load through the balancer; `during` runs once the warm-up is over and the figures count. */
  const underLoad = async (during: () => Promise<void>) => {
    const seen = observed()
    const clients = clusterLoad(lb, await signIn(lb, demo.moderator), seen)
    const cases = await clients.closableCases(caseCount)
    if (cases.length < caseCount) throw new Error(`Solo ${cases.length} casos de la demo se pueden cerrar: baje BENCH_CASES`)
    const followers = cases.flatMap((c) => [clients.follow(c.case_id), clients.follow(c.case_id)])
    const paths = ["/api/case/getAll?records=20", "/api/family/list", `/api/case/getById/${cases[0]!.case_id}`]
    const load = [
      ...cases.map(clients.stepWriter),
      ...cases.map(clients.chatWriter),
      ...paths.flatMap((path) => Array.from({ length: readers }, () => clients.reader(path)))
    ]
    await sleep(warmupS * 1000)
    seen.forget()
    const cpuBefore = { palma: pids.map(cpuOf), client: process.cpuUsage() }
    const started = performance.now()
    await during()
    const seconds = (performance.now() - started) / 1000
    const palmaCpu = pids.map((pid, i) => cpuOf(pid) - cpuBefore.palma[i]!)
    const clientCpu = (() => {
      const used = process.cpuUsage(cpuBefore.client)
      return (used.user + used.system) / 1e6
    })()
    // Taken now: what ends after the window is not counted.
    const answers = new Map([...seen.latencies()].map(([kind, values]) => [kind, summary(values)]))
    const report = seen.report()
    clients.stop()
    await Promise.all(load)
    await Promise.all(followers.map((f) => f.stop()))
    return { seconds, answers, report, palmaCpu, clientCpu }
  }

  /** A process's CPU seconds so far, 0 once it is gone. */
  const cpuOf = (pid: number) => {
    try {
      return cpuSeconds(pid)
    } catch {
      return 0
    }
  }
  const ms = (value: number) => value.toFixed(0)
  const share = (cpu: number, seconds: number) => `${((cpu / seconds) * 100).toFixed(0)} %`

  const rows: string[] = []
  for (const count of [1, 2, 3]) {
    log(`  ${count} proceso(s): ${warmupS} s de calentamiento + ${durationS} s`)
    const balancer = await balanced(count)
    const haproxyBefore = cpuOf(balancer.pid!)
    try {
      const run = await underLoad(() => sleep(durationS * 1000))
      const answered = [...run.answers.values()].reduce((sum, a) => sum + a.count, 0)
      const reads = run.answers.get("lectura") ?? summary([])
      const writes = run.answers.get("escritura") ?? summary([])
      const errors = Object.values(run.report.errors).reduce((a, b) => a + b, 0)
      const palma = run.palmaCpu.slice(0, count)
      rows.push(
        [
          count,
          (answered / run.seconds).toFixed(0),
          `${ms(reads.p50)} / ${ms(reads.p99)}`,
          `${ms(writes.p50)} / ${ms(writes.p99)}`,
          errors,
          palma.map((cpu) => share(cpu, run.seconds)).join(" + "),
          share(cpuOf(balancer.pid!) - haproxyBefore, run.seconds),
          share(run.clientCpu, run.seconds)
        ].join(" | ")
      )
    } finally {
      await balancer.stop()
    }
  }

  log(`  conmutación: 3 procesos; SIGKILL a uno y SIGTERM a otro a los ${warmupS + 5} s`)
  const balancer = await balanced(3)
  let failover: Awaited<ReturnType<typeof underLoad>>
  try {
    failover = await underLoad(async () => {
      await sleep(5_000)
      const [, drained, killed] = servers
      process.kill(killed!.pid!, "SIGKILL")
      process.kill(drained!.pid!, "SIGTERM")
      await drained!.exited
      // The survivor carries the load on.
      await sleep(5_000)
    })
  } finally {
    await balancer.stop()
  }

  console.log(
    `\nMezcla por HAProxy: ${caseCount} escritores de pasos, ${caseCount} de chat, ${3 * readers} lectores (${readers} por ruta: lista de casos, familias, un caso), ${2 * caseCount} seguidores; cada cliente, una petición a la vez; ${durationS} s tras ${warmupS} s. ${availableParallelism()} CPU para todo.`
  )
  console.log("\n| procesos | req/s | lecturas p50 / p99 ms | escrituras p50 / p99 ms | errores | CPU de Palma | CPU de HAProxy | CPU del cliente |")
  console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
  for (const row of rows) console.log(`| ${row} |`)
  const answered = [...failover.answers.values()].reduce((sum, a) => sum + a.count, 0)
  console.log(
    `\nConmutación (3 procesos; SIGKILL a uno y SIGTERM, drenaje de ${drainS} s, a otro; ${failover.seconds.toFixed(0)} s desde 5 s antes hasta 5 s después de que el drenado salió): ${(answered / failover.seconds).toFixed(0)} req/s`
  )
  console.log(`  errores que vieron los clientes: ${JSON.stringify(failover.report.errors)}`)
  console.log(`  pausa más larga entre dos respuestas buenas, ms: ${JSON.stringify(failover.report.longestPauseMs)}`)
  return 0
})
