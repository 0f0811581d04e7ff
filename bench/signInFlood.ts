/**
 * Reads during a sign-in flood (issue 10 §2): the p99 of `GET /api/family/list` at a few
 * connections, first alone, then while 32 sign-ins with the right password are always in flight.
 * Password hashing is CPU-bound; bounded hashing keeps the reads' latency close to the quiet one.
 * Run: `node --import tsx bench/signInFlood.ts` (after `pnpm build`; BENCH_DURATION seconds per row).
 */
import autocannon, { type Result } from "autocannon"
import { demo, demoPassword } from "../packages/server/test/support/api.ts"
import { startServerProcess } from "../packages/server/test/support/serverProcess.ts"

const durationS = Number(process.env.BENCH_DURATION ?? "10")
const parallelSignIns = 32
const readConnections = 4

const signIn = async (baseUrl: string, email: string): Promise<{ token: string; status: number }> => {
  const response = await fetch(`${baseUrl}/api/auth/local/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: demoPassword })
  })
  const body = (await response.json()) as { token?: string }
  return { token: body.token ?? "", status: response.status }
}

const reads = (url: string, token: string): Promise<Result> =>
  autocannon({ url: `${url}/api/family/list`, connections: readConnections, duration: durationS, headers: { authorization: `Bearer ${token}` } })

/** Keeps `parallelSignIns` sign-ins in flight until `stop` resolves; counts answers by status. */
const flood = (url: string, stop: Promise<unknown>) => {
  const statuses = new Map<number, number>()
  let done = false
  void stop.then(() => (done = true))
  const emails = Object.values(demo)
  const worker = async (n: number) => {
    while (!done) {
      const { status } = await signIn(url, emails[n % emails.length]!)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
  }
  return { statuses, finished: Promise.all(Array.from({ length: parallelSignIns }, (_, n) => worker(n))) }
}

const row = (label: string, result: Result) =>
  console.log(
    `${label.padEnd(28)} req/s ${result.requests.average.toFixed(0).padStart(6)}  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}`
  )

const server = await startServerProcess({ env: { PALMA_LOCAL_TOKEN_TTL_SECONDS: "600" } })
try {
  const { token } = await signIn(server.url, demo.admin)
  row("reads alone", await reads(server.url, token))
  const measured = reads(server.url, token)
  const signIns = flood(server.url, measured)
  row(`reads + ${parallelSignIns} parallel sign-ins`, await measured)
  await signIns.finished
  console.log(`sign-in answers: ${[...signIns.statuses].map(([status, count]) => `${count}×${status}`).join(", ")}`)
} finally {
  await server.stop()
}
