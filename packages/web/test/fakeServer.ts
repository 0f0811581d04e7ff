import type { District, Role, Session } from "@palma/core"
import { vi } from "vitest"

export interface Account {
  readonly email: string
  readonly password: string
  readonly fullName: string
  readonly role: Role | null
}

/** One request as the fake server saw it. */
export interface FakeRequest {
  readonly method: string
  readonly path: string
  readonly url: URL
  readonly headers: Headers
  readonly body: Record<string, unknown>
  /** Who the request is from: the `__session` cookie (local mode) or a known bearer. */
  readonly account: Account | null
}

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>

export interface FakeServerOptions {
  readonly accounts?: ReadonlyArray<Account>
  /** Lifetime of issued tokens. */
  readonly tokenTtlMs?: number
  /** Sign-in mode the server reports (`GET /api/auth/config`). */
  readonly auth?: { readonly mode: "local" | "clerk"; readonly publishableKey: string | null }
  /** Bearer tokens the server accepts (Clerk mode), and whose they are. */
  readonly bearers?: Readonly<Record<string, Account>>
  /** Comunas of `GET /api/district/listAll`. */
  readonly districts?: ReadonlyArray<District>
  /** Extra endpoints, keyed "METHOD /api/path"; checked before the built-in ones. */
  readonly handlers?: Readonly<Record<string, FakeHandler>>
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

const unauthorized = (message: string) => json(401, { _tag: "Unauthorized", message })
const forbidden = () => json(403, { _tag: "Forbidden", message: "No tiene permiso para esta acción" })

/** What the real server answers a request its role may not make; null when allowed. */
export const refuseUnlessStaff = (request: FakeRequest): Response | null =>
  request.account === null ? unauthorized("Inicie sesión") : request.account.role === null ? forbidden() : null

const bodyOf = (init: RequestInit | undefined): Record<string, string> => {
  const body = init?.body
  if (body === undefined || body === null) return {}
  try {
    return JSON.parse(typeof body === "string" ? body : new TextDecoder().decode(body as Uint8Array)) as Record<string, string>
  } catch {
    // Not JSON (a file upload…): custom handlers read `init` themselves if they need it.
    return {}
  }
}

export const sessionOf = (account: Account, index: number): Session => {
  const [firstName = null, ...rest] = account.fullName.split(" ")
  return {
    userId: `user_${index}`,
    user: {
      id: `user_${index}`,
      fullName: account.fullName,
      firstName,
      lastName: rest.length > 0 ? rest.join(" ") : null,
      email: account.email,
      publicMetadata: account.role === null ? {} : { roles: { operaciones: account.role } }
    },
    sessionId: `sess_${index}`,
    orgId: null,
    orgRole: null,
    orgSlug: null,
    orgPermissions: [],
    actor: null
  }
}

export const sampleDistricts: ReadonlyArray<District> = [
  { id: "13101", district_name: "Santiago", province_name: "Santiago", region_id: "13", region_name: "Metropolitana de Santiago", region_roman: "XIII" },
  { id: "5101", district_name: "Valparaíso", province_name: "Valparaíso", region_id: "5", region_name: "Valparaíso", region_roman: "V" },
  { id: "8101", district_name: "Concepción", province_name: "Concepción", region_id: "8", region_name: "Biobío", region_roman: "VIII" }
]

/**
 * Stands in for the Palma server behind `fetch`; `signedIn` plays the HttpOnly `__session`
 * cookie the real server sets in local mode.
 */
export const startFakeServer = ({
  accounts = [],
  tokenTtlMs = 600_000,
  auth = { mode: "local", publishableKey: null },
  bearers = {},
  districts = sampleDistricts,
  handlers = {}
}: FakeServerOptions = {}) => {
  const server = {
    accounts: [...accounts],
    signedIn: null as Account | null,
    /** "METHOD /path" of every request, in order. */
    requests: [] as string[],
    /** Every request in full (headers included), in order. */
    log: [] as FakeRequest[],
    /** Answers `GET /api/district/listAll` with a failure while set. */
    failDistricts: false
  }
  const issue = (account: Account, status: number) => {
    server.signedIn = account
    return json(status, { token: "opaque", expiresAt: Date.now() + tokenTtlMs })
  }

  const handle = (request: FakeRequest, init: RequestInit | undefined): Response | Promise<Response> => {
    const key = `${request.method} ${request.path}`
    const custom = handlers[key]
    if (custom !== undefined) return custom(request)
    const current = request.account
    switch (key) {
      case "GET /api/auth/config":
        return json(200, auth)
      case "POST /api/auth/local/sign-in": {
        const { email, password } = bodyOf(init)
        const account = server.accounts.find((a) => a.email === email && a.password === password)
        return account ? issue(account, 200) : unauthorized("Correo o contraseña incorrectos")
      }
      case "POST /api/auth/local/sign-up": {
        const { email = "", password = "", fullName = "" } = bodyOf(init)
        if (server.accounts.some((a) => a.email === email)) return json(409, { _tag: "Conflict", message: "Ya existe una cuenta con ese correo" })
        const account = { email, password, fullName, role: null }
        server.accounts.push(account)
        return issue(account, 201)
      }
      case "POST /api/auth/local/sign-out":
        server.signedIn = null
        return new Response(null, { status: 204 })
      case "POST /api/auth/local/refresh":
        if (current === null) return unauthorized("Su sesión expiró")
        return issue(current, 200)
      case "GET /api/auth/me":
        return current === null ? unauthorized("Inicie sesión") : json(200, sessionOf(current, server.accounts.indexOf(current)))
      case "GET /api/district/listAll":
        if (server.failDistricts) return json(500, { _tag: "InternalServerError" })
        return refuseUnlessStaff(request) ?? json(200, districts)
      default:
        return json(404, { _tag: "NotFound", message: "No existe" })
    }
  }

  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), location.origin)
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase()
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
    const bearer = /^Bearer (.+)$/.exec(headers.get("authorization") ?? "")?.[1]
    const account = bearer !== undefined ? (bearers[bearer] ?? null) : server.signedIn
    const request: FakeRequest = { method, path: url.pathname, url, headers, body: bodyOf(init), account }
    server.requests.push(`${method} ${url.pathname}`)
    server.log.push(request)
    return handle(request, init)
  })
  return server
}
