/**
 * `pnpm bench:metrics` (issue 33): what metrics cost a request. Two built servers on the demo
 * data, one without PALMA_METRICS_TOKEN and one with it, both signed in as the admin; autocannon
 * on `GET /api/family/list` (the `pnpm bench` row) in rounds that load both servers at once
 * (BENCH_ALTERNATE=1: one after the other, off-on, on-off, …), so whatever else the machine runs
 * falls on both alike, at the same moment. Each round reads each server's CPU time from /proc. Other processes on the cores inflate a round's CPU per
 * request too (shared caches, hyperthreads), never deflate it: besides the medians, the lowest
 * round of each server is its cost with the least interference. A machine's load drifts over a
 * run, so each round's two servers (measured one right after the other) are also compared as a
 * pair: the median of the pairs' ratios, with a bootstrap 90 % interval of that median, says
 * whether the cost is shown to be within the goal (≤ 5 %) or the run cannot tell.
 * BENCH_CONTROL=1 runs the same rounds with metrics off on both servers: what the method itself
 * reads as a cost where there is none (the second server's place, the client's turns);
 * BENCH_ON_FIRST=1 gives metrics to the server started and loaded first, so two runs with the
 * places swapped cancel what the place adds.
 */
import autocannon, { type Result } from "autocannon"
import { randomBytes } from "node:crypto"
import { availableParallelism } from "node:os"
import { startServerProcess } from "../packages/server/test/support/serverProcess.ts"
import { cpuSeconds, envInt, log, signIn } from "./pagedReads.ts"

const path = "/api/family/list"
const rounds = envInt("BENCH_ROUNDS", 6, 2, 40)
const roundS = envInt("BENCH_DURATION", 5, 1, 60)
const warmupS = envInt("BENCH_WARMUP", 3, 0, 30)
const connections = envInt("BENCH_CONNECTIONS", 32, 1, 256)
const token = randomBytes(24).toString("hex")
const goal = 0.05
const together = process.env.BENCH_ALTERNATE !== "1"
const control = process.env.BENCH_CONTROL === "1"
const onFirst = process.env.BENCH_ON_FIRST === "1"
/** How the summary names the two servers. */
const [first, second] = control ? ["A", "B"] : ["sin", "con"]

interface Round {
  readonly reqPerS: number
  readonly p99Ms: number
  readonly cpuUsPerReq: number
}

const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const percent = (on: number, off: number) => `${(((on - off) / off) * 100).toFixed(1)} %`

const failed = (result: Result) => result.errors + result.timeouts + result.non2xx > 0

/** The 5th and 95th percentiles of the median of `values` resampled with replacement (a fixed seed: runs compare). */
const bootstrapMedian = (values: ReadonlyArray<number>, draws = 2000): readonly [number, number] => {
  let seed = 12345
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const medians = Array.from({ length: draws }, () => median(values.map(() => values[Math.floor(next() * values.length)]!))).sort((a, b) => a - b)
  return [medians[Math.floor(draws * 0.05)]!, medians[Math.floor(draws * 0.95)]!]
}

// Without the variable whatever the caller's environment holds.
const startOff = () => startServerProcess({ env: { PALMA_METRICS_TOKEN: "" } })
const startOn = () => startServerProcess({ env: { PALMA_METRICS_TOKEN: control ? "" : token } })
const [off, on] = onFirst
  ? await Promise.all([startOn(), startOff()]).then(([started, other]) => [other, started] as const)
  : await Promise.all([startOff(), startOn()])
try {
  const servers = [
    { label: "off", server: off, headers: { authorization: `Bearer ${await signIn(off.url)}` }, rounds: [] as Round[] },
    { label: control ? "off'" : "on", server: on, headers: { authorization: `Bearer ${await signIn(on.url)}` }, rounds: [] as Round[] }
  ] as const
  const measure = async (target: (typeof servers)[number], seconds: number) => {
    const pid = target.server.pid
    if (pid === undefined) throw new Error("El servidor no tiene pid")
    const before = cpuSeconds(pid)
    const result = await autocannon({ url: target.server.url + path, connections, duration: seconds, headers: target.headers })
    if (failed(result)) throw new Error(`GET ${path} en «${target.label}»: ${result.errors} errores, ${result.timeouts} timeouts, ${result.non2xx} no-2xx`)
    return { reqPerS: result.requests.average, p99Ms: result.latency.p99, cpuUsPerReq: ((cpuSeconds(pid) - before) * 1e6) / result.requests.total }
  }
  log(
    `Métricas: GET ${path}, ${connections} conexiones, ${rounds} rondas de ${roundS} s por servidor ${together ? "a la vez" : "alternadas"}${onFirst ? ", el de métricas primero" : ""} (+${warmupS} s de calentamiento), Node ${process.version}, ${availableParallelism()} CPU`
  )
  for (const target of servers) if (warmupS > 0) await measure(target, warmupS)
  for (let round = 0; round < rounds; round++) {
    if (together) {
      const [offRound, onRound] = onFirst
        ? await Promise.all([measure(servers[1], roundS), measure(servers[0], roundS)]).then(([first, second]) => [second, first] as const)
        : await Promise.all([measure(servers[0], roundS), measure(servers[1], roundS)])
      servers[0].rounds.push(offRound)
      servers[1].rounds.push(onRound)
    } else {
      // off-on, on-off, …: neither always runs first.
      for (const target of round % 2 === 0 ? servers : [...servers].reverse()) target.rounds.push(await measure(target, roundS))
    }
    log(`  ronda ${round + 1}/${rounds}`)
  }

  const scrape = control ? "" : await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.text())
  const counted = /^palma_http_requests_total\{method="GET",route="\/api\/family\/list",status="200"\} (\d+)$/m.exec(scrape)?.[1]
  if (!control && counted === undefined) throw new Error("El servidor con métricas no contó las peticiones: ¿arrancó sin PALMA_METRICS_TOKEN?")

  console.log("")
  console.log(
    `GET ${path}, ${connections} conexiones, ${rounds} rondas de ${roundS} s por servidor, ${together ? "ambos a la vez" : "alternadas"}; autocannon y ambos servidores comparten ${availableParallelism()} CPU.`
  )
  console.log("metrics  ronda:  req/s   p99 ms  CPU µs/req")
  for (const target of servers) {
    for (const [index, round] of target.rounds.entries()) {
      console.log(
        `${target.label.padEnd(7)}  ${String(index + 1).padStart(5)}  ${round.reqPerS.toFixed(0).padStart(6)}  ${String(round.p99Ms).padStart(7)}  ${round.cpuUsPerReq.toFixed(0).padStart(10)}`
      )
    }
  }
  const [offRounds, onRounds] = [servers[0].rounds, servers[1].rounds]
  const cpuOff = median(offRounds.map((round) => round.cpuUsPerReq))
  const cpuOn = median(onRounds.map((round) => round.cpuUsPerReq))
  const cpuOffBest = Math.min(...offRounds.map((round) => round.cpuUsPerReq))
  const cpuOnBest = Math.min(...onRounds.map((round) => round.cpuUsPerReq))
  const rpsOff = median(offRounds.map((round) => round.reqPerS))
  const rpsOn = median(onRounds.map((round) => round.reqPerS))
  console.log("")
  console.log(`mediana CPU µs/req: ${first} ${cpuOff.toFixed(0)}, ${second} ${cpuOn.toFixed(0)} → ${percent(cpuOn, cpuOff)}`)
  console.log(`mejor ronda CPU µs/req: ${first} ${cpuOffBest.toFixed(0)}, ${second} ${cpuOnBest.toFixed(0)} → ${percent(cpuOnBest, cpuOffBest)}`)
  console.log(`mediana req/s:      ${first} ${rpsOff.toFixed(0)}, ${second} ${rpsOn.toFixed(0)} → ${percent(rpsOn, rpsOff)}`)
  if (control) console.log("control: ambos servidores sin métricas; lo que se lee como costo es del método")
  else console.log(`el servidor con métricas contó ${counted} respuestas 200 de ${path} (calentamiento incluido)`)
  const pairs = onRounds.map((round, i) => round.cpuUsPerReq / offRounds[i]!.cpuUsPerReq - 1)
  const [low, high] = bootstrapMedian(pairs)
  const asPercent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`
  console.log(`por pares de la misma ronda: mediana ${asPercent(median(pairs))}, intervalo 90 % [${asPercent(low)}, ${asPercent(high)}]`)
  console.log(
    high <= goal
      ? `costo de CPU por petición ≤ ${goal * 100} % (meta): cumplida`
      : low > goal
        ? `costo de CPU por petición > ${goal * 100} % (meta): no cumplida`
        : `costo de CPU por petición: esta corrida no distingue si es ≤ ${goal * 100} % (el intervalo lo cruza); más rondas o una máquina más quieta`
  )
} finally {
  await Promise.all([off.stop(), on.stop()])
}
