import type { Role, Session } from "@palma/core"
import { vi } from "vitest"

export interface Account {
  readonly email: string
  readonly password: string
  readonly fullName: string
  readonly role: Role | null
}

export interface FakeServerOptions {
  readonly accounts?: ReadonlyArray<Account>
  /** Lifetime of issued tokens. */
  readonly tokenTtlMs?: number
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

const unauthorized = (message: string) => json(401, { _tag: "Unauthorized", message })

const bodyOf = (init: RequestInit | undefined): Record<string, string> => {
  const body = init?.body
  if (body === undefined || body === null) return {}
  return JSON.parse(typeof body === "string" ? body : new TextDecoder().decode(body as Uint8Array)) as Record<string, string>
}

const sessionOf = (account: Account, index: number): Session => {
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

/**
 * Stands in for the Palma server in local mode behind `fetch`; `signedIn` plays the HttpOnly
 * `__session` cookie the real server sets.
 */
export const startFakeServer = ({ accounts = [], tokenTtlMs = 600_000 }: FakeServerOptions = {}) => {
  const server = {
    accounts: [...accounts],
    signedIn: null as Account | null,
    /** "METHOD /path" of every request, in order. */
    requests: [] as string[]
  }
  const issue = (account: Account, status: number) => {
    server.signedIn = account
    return json(status, { token: "opaque", expiresAt: Date.now() + tokenTtlMs })
  }

  const handle = (method: string, path: string, init: RequestInit | undefined): Response => {
    const current = server.signedIn
    switch (`${method} ${path}`) {
      case "GET /api/auth/config":
        return json(200, { mode: "local", publishableKey: null })
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
      default:
        return json(404, { _tag: "NotFound", message: "No existe" })
    }
  }

  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), location.origin)
    const method = (init?.method ?? "GET").toUpperCase()
    server.requests.push(`${method} ${url.pathname}`)
    return handle(method, url.pathname, init)
  })
  return server
}
