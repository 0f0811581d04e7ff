import { caseStepsOf, type CaseView, eventStreamParser } from "@palma/core"

/**
 * The mixed load of issue 33 §6, through a balancer: readers, case step and chat writers and live
 * followers that resume with Last-Event-ID, each a loop of one request at a time. The cluster test
 * checks what it wrote and what its followers got; `pnpm bench:cluster` times it.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** What the clients saw: errors by kind, the longest wait between two answers that worked by kind of client (ms), and each answer's time. */
export const observed = () => {
  const errors = new Map<string, number>()
  const pauses = new Map<string, number>()
  const latencies = new Map<string, number[]>()
  return {
    error: (kind: string) => errors.set(kind, (errors.get(kind) ?? 0) + 1),
    pause: (kind: string, ms: number) => pauses.set(kind, Math.max(pauses.get(kind) ?? 0, Math.round(ms))),
    latency: (kind: string, ms: number) => {
      const list = latencies.get(kind)
      if (list === undefined) latencies.set(kind, [ms])
      else list.push(ms)
    },
    /** Each kind's answer times (ms) since the start or the last `forget`. */
    latencies: (): ReadonlyMap<string, ReadonlyArray<number>> => latencies,
    /** Starts counting afresh (after a warm-up). */
    forget: () => {
      errors.clear()
      pauses.clear()
      latencies.clear()
    },
    report: () => ({ errors: Object.fromEntries(errors), longestPauseMs: Object.fromEntries(pauses) })
  }
}

export type Observed = ReturnType<typeof observed>

/** The process HAProxy named in X-Palma-Server (palma1…palma3). */
export const serverIndex = (name: string | null) => {
  const index = Number(name?.replace("palma", "")) - 1
  if (!(index >= 0 && index < 3)) throw new Error(`HAProxy no dijo qué proceso respondió (${name})`)
  return index
}

/** The load's clients on `lb` as the demo user of `token`; every loop runs until `stop`. */
export const clusterLoad = (lb: string, token: string, seen: Observed) => {
  let stopping = false

  /** A request through the balancer: its status, body and the process that answered (X-Palma-Server). */
  const call = async (method: string, path: string, body?: string) => {
    const started = performance.now()
    const response = await fetch(`${lb}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body,
      signal: AbortSignal.timeout(30_000)
    })
    const text = await response.text()
    seen.latency(method === "GET" ? "lectura" : "escritura", performance.now() - started)
    return { status: response.status, text, server: response.headers.get("x-palma-server") }
  }

  /** Runs `once` until the load stops, timing the gaps between answers that worked. */
  const loop = async (kind: string, once: () => Promise<boolean>) => {
    let lastOk = performance.now()
    while (!stopping) {
      const ok = await once().catch((error: Error) => (seen.error(`${kind}: ${error.name === "TimeoutError" ? "sin respuesta" : "conexión cortada"}`), false))
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

  /** The moderator can close the case now. */
  const closable = (view: CaseView) => caseStepsOf(view, "moderator").some((o) => o.step === "close" && o.refusal === null)

  /** `count` demo cases the user of `token` (a moderator) can close now: each gets a writer closing and reopening it. */
  const closableCases = async (count: number) => {
    const json = async <A>(path: string) => {
      const { status, text } = await call("GET", path)
      if (status !== 200) throw new Error(`GET ${path} respondió ${status}: ${text.slice(0, 200)}`)
      return JSON.parse(text) as A
    }
    const list = await json<{ data: ReadonlyArray<{ id: string }> }>("/api/case/getAll?records=50")
    const cases: CaseView[] = []
    for (const row of list.data) {
      if (cases.length === count) break
      const view = await json<CaseView>(`/api/case/getById/${row.id}`)
      if (closable(view)) cases.push(view)
    }
    return cases
  }

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

  // Writers: each acknowledged step and message is named, to be found in the database once.
  const acked = { steps: [] as string[], chats: [] as string[] }
  const stepWriter = (view: CaseView, i: number) => {
    let closing = true
    let n = 0
    return loop("paso", async () => {
      const description = `carga ${i}-${++n}`
      const response = await call("POST", `/api/case/${view.case_id}/step`, JSON.stringify({ type: closing ? "close" : "reopen", description }))
      if (answered("paso", response.status)) {
        acked.steps.push(description)
        closing = !closing
        return true
      }
      // What happened is unknown: the case says which step comes next.
      const now = await call("GET", `/api/case/getById/${view.case_id}`)
      if (now.status === 200) closing = closable(JSON.parse(now.text) as CaseView)
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

  return {
    call,
    closableCases,
    follow,
    acked,
    stepWriter,
    chatWriter,
    reader,
    /** Every loop ends after its request in flight. */
    stop: () => {
      stopping = true
    }
  }
}
