import { request } from "node:http"
import { afterAll, beforeAll, beforeEach, inject, vi } from "vitest"

declare module "vitest" {
  export interface ProvidedContext {
    /** Where to ask for a real server of this file's own (server/test/support/serverPool.ts). */
    palmaServerPool: string
  }
}

/** happy-dom's control of the page; its types are not in the DOM lib the app compiles against. */
const happyDOM = () => (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM

/** One request the app sent, as the server received it. */
export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly params: URLSearchParams
  readonly body: unknown
  /** The headers the app set (the bearer in Clerk mode, the client's id…). */
  readonly headers: Headers
}

export interface RealServer {
  /** The server's origin; the page's location is set to it, so the app's same-origin calls reach it. */
  readonly url: string
  /** Every API request of the current test, in order. */
  readonly requests: RecordedRequest[]
  /** Requests matching "METHOD /api/x/y". */
  readonly calls: (what: string) => RecordedRequest[]
  /**
   * Answers "METHOD /api/x/y" this way instead, until deleted: a failure the server would not
   * produce (a 500, a dropped connection), or the server's own answer later (`forward()` after a
   * gate opens) to see a loading state.
   */
  readonly override: Map<string, (forward: () => Promise<Response>) => Response | Promise<Response>>
  /** Signs in through the real sign-in call: the server's HttpOnly session cookie lands in the page. */
  readonly signIn: (email: string, password?: string) => Promise<void>
  /** Signs out through the real call (local mode): the server clears the page's session cookie. */
  readonly signOut: () => Promise<void>
  /** Calls the API as the signed-in page would, to set up data or read it back. */
  readonly api: <A = unknown>(method: string, path: string, body?: unknown) => Promise<A>
  /**
   * Calls the API from outside the page, as a CLI or a scheduled job would: `credential` as the
   * bearer, none of the page's cookies, and what the server sets (a `__session` cookie) kept out of
   * them. Not recorded in `requests`. The answer, whatever its status.
   */
  readonly asBearer: (credential: string, method: string, path: string) => Promise<{ readonly status: number; readonly body: string }>
}

/** A request through Node's own HTTP client: happy-dom's fetch would store the answer's cookies in the page whatever `credentials` says. */
const outsideThePage = (url: string, method: string, headers: Record<string, string>) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const sent = request(url, { method, headers }, (answer) => {
      let body = ""
      answer.setEncoding("utf8")
      answer.on("data", (chunk: string) => (body += chunk))
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, body }))
      answer.on("error", reject)
    })
    sent.on("error", reject)
    sent.end()
  })

/**
 * The body the app sent: JSON read back (the app's client sends it as bytes), a multipart form as
 * the FormData itself (a logo upload), anything else as it was.
 */
const bodyOf = (init: RequestInit | undefined): unknown => {
  const raw = init?.body
  if (raw instanceof FormData) return raw
  const body = raw instanceof Uint8Array ? new TextDecoder().decode(raw) : raw
  if (typeof body !== "string" || body === "") return undefined
  try {
    return JSON.parse(body)
  } catch {
    return body
  }
}

/**
 * The real Palma server behind the page for this test file (started by the pool in the main
 * process, on its own clone of the seeded template), with the app's requests recorded and, where a
 * test needs a failure the server would not produce, answered by an override. Never a fake: every
 * rule, message and row comes from the server itself.
 */
export const useRealServer = (options: { env?: Readonly<Record<string, string>> } = {}): RealServer => {
  const pool = inject("palmaServerPool")
  const requests: RecordedRequest[] = []
  const override = new Map<string, (forward: () => Promise<Response>) => Response | Promise<Response>>()
  let url = ""
  const send = async <A>(method: string, path: string, body?: unknown): Promise<A> => {
    const response = await fetch(path, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } })
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`)
    return (text === "" ? undefined : JSON.parse(text)) as A
  }
  const server: RealServer = {
    get url() {
      return url
    },
    requests,
    calls: (what) => requests.filter((r) => `${r.method} ${r.path}` === what),
    override,
    signIn: async (email, password = "palma-demo") => {
      await send("POST", "/api/auth/local/sign-in", { email, password })
    },
    signOut: async () => {
      await send("POST", "/api/auth/local/sign-out")
    },
    api: send,
    asBearer: (credential, method, path) => outsideThePage(`${url}${path}`, method, { authorization: `Bearer ${credential}` })
  }
  beforeAll(async () => {
    const response = await fetch(`${pool}/servers`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ env: options.env ?? {} })
    })
    if (!response.ok) throw new Error(`No se pudo iniciar el servidor de pruebas: ${await response.text()}`)
    url = ((await response.json()) as { url: string }).url
    happyDOM().setURL(`${url}/`)
  }, 60_000)
  beforeEach(() => {
    requests.length = 0
    override.clear()
    const real = globalThis.fetch
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const target = new URL(input instanceof Request ? input.url : input.toString(), location.href)
      if (target.origin === location.origin && target.pathname.startsWith("/api/")) {
        const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase()
        const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
        requests.push({ method, path: target.pathname, params: target.searchParams, body: bodyOf(init), headers })
        const answer = override.get(`${method} ${target.pathname}`)
        if (answer !== undefined) return answer(() => real(input, init))
      }
      return real(input, init)
    })
  })
  afterAll(async () => {
    await fetch(`${pool}/servers/${new URL(url).port}`, { method: "DELETE" })
  })
  return server
}
