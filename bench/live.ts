/**
 * `pnpm bench:live` (issue 33 §4): what resumable live streams cost on the built server (PGlite, or
 * PostgreSQL when DATABASE_URL is set). A case's followers read the store each time a notice wakes
 * them, instead of relaying the notice: a step on a case is timed with no follower and with
 * BENCH_FOLLOWERS (100) following it, with how long until every follower has the step's event;
 * then a follower back with `Last-Event-ID` after the steps it missed, until it has them all.
 */
import { caseStepsOf, type CaseView, eventStreamParser } from "../packages/core/src/index.ts"
import { envInt, log, preparedServer, runBench } from "./pagedReads.ts"

const followers = envInt("BENCH_FOLLOWERS", 100, 1, 2_000)
const steps = envInt("BENCH_STEPS", 40, 2, 1_000)

const percentile = (values: ReadonlyArray<number>, p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!
const ms = (value: number) => value.toFixed(1)

process.exitCode = await runBench(async (cleanups) => {
  const engine = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"
  log(`Bench de seguimiento en vivo: ${engine}, ${followers} seguidores, ${steps} pasos por fila, Node ${process.version}`)
  const { server, headers } = await preparedServer(async () => undefined)
  const aborts: AbortController[] = []
  // An open stream keeps the server from stopping: every follower is dropped first.
  cleanups.unshift(() => aborts.forEach((a) => a.abort()))
  const json = async <A>(path: string, init: RequestInit = {}): Promise<A> => {
    const response = await fetch(server.url + path, { ...init, headers: { ...headers, "content-type": "application/json" } })
    if (!response.ok) throw new Error(`${path} respondió ${response.status}: ${await response.text()}`)
    return (await response.json()) as A
  }

  // A demo case the lifecycle lets an admin close now: closed and reopened in turn, one event a step.
  const list = await json<{ data: Array<{ id: string }> }>("/api/case/getAll?records=50")
  let target: CaseView | undefined
  for (const row of list.data) {
    const view = await json<CaseView>(`/api/case/getById/${row.id}`)
    if (caseStepsOf(view, "admin").some((o) => o.step === "close" && o.refusal === null)) {
      target = view
      break
    }
  }
  if (target === undefined) throw new Error("Ningún caso de la demo se puede cerrar")
  const id = target.case_id
  let closed = false
  const step = async () => {
    const started = performance.now()
    const view = await json<CaseView>(`/api/case/${id}/step`, {
      method: "POST",
      body: JSON.stringify({ type: closed ? "reopen" : "close", description: "Bench" })
    })
    closed = !closed
    return { ms: performance.now() - started, version: view.version }
  }

  /** A follower of the case; `reached(v)` resolves once it has the event of version v. */
  const follow = async (lastEventId?: string) => {
    const abort = new AbortController()
    aborts.push(abort)
    const waiting = new Map<number, () => void>()
    let version = 0
    const parser = eventStreamParser({
      event: (event) => {
        if (event.type !== "case") return
        version = (JSON.parse(event.data) as { version: number }).version
        for (const [v, resolve] of waiting) {
          if (v > version) continue
          waiting.delete(v)
          resolve()
        }
      },
      retry: () => undefined
    })
    const response = await fetch(`${server.url}/api/case/live?case_id=${id}`, {
      headers: { ...headers, ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId }) },
      signal: abort.signal
    })
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
        if (done) return
        parser.feed(decoder.decode(value, { stream: true }))
      }
    })()
    return {
      reached: (v: number) => (version >= v ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(v, resolve))),
      drop: () => abort.abort()
    }
  }

  const rows: Array<[string, string, string, string]> = []
  const run = async (label: string, watching: ReadonlyArray<Awaited<ReturnType<typeof follow>>>) => {
    const took: number[] = []
    const heard: number[] = []
    for (let i = 0; i < steps; i++) {
      const started = performance.now()
      const done = await step()
      took.push(done.ms)
      await Promise.all(watching.map((f) => f.reached(done.version)))
      heard.push(performance.now() - started)
    }
    rows.push([
      label,
      ms(percentile(took, 50)),
      ms(percentile(took, 99)),
      watching.length === 0 ? "—" : `${ms(percentile(heard, 50))} / ${ms(percentile(heard, 99))}`
    ])
  }

  await step()
  await run("sin seguidores", [])
  const many = await Promise.all(Array.from({ length: followers }, () => follow()))
  await run(`${followers} seguidores`, many)
  many.forEach((f) => f.drop())

  // Back after missing every step of a row: how long until it has them all.
  const before = await json<CaseView>(`/api/case/getById/${id}`)
  const chat = (await json<Array<unknown>>(`/api/case/getChatByCase/${id}`)).length
  for (let i = 0; i < steps; i++) await step()
  const started = performance.now()
  const back = await follow(`${before.version}.${chat}`)
  await back.reached(before.version + steps)
  const resumed = performance.now() - started
  back.drop()

  console.log(`\n| ${engine} | paso p50 ms | paso p99 ms | todos lo oyen p50 / p99 ms |`)
  console.log("| --- | ---: | ---: | ---: |")
  for (const row of rows) console.log(`| ${row.join(" | ")} |`)
  console.log(`\nUn seguidor que vuelve tras ${steps} pasos perdidos los tiene todos en ${ms(resumed)} ms (conexión, lectura del almacén y envío).`)
  return 0
})
