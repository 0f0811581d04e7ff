import { FetchHttpClient } from "@effect/platform"
import { type Call, makeCall } from "@palma/core"

export const demoPassword = "palma-demo"
export const demo = {
  admin: "admin@palma.cl",
  moderator: "moderador@palma.cl",
  user: "operador@palma.cl",
  none: "invitado@palma.cl"
} as const
export type DemoRole = keyof typeof demo

/** A typed client of the contract for `baseUrl`, sending `token` as bearer. */
export const clientAs = (baseUrl: string, token?: string): Call => makeCall({ baseUrl, clientId: "palma-test", token: () => token }, FetchHttpClient.layer)

export const signIn = async (baseUrl: string, email: string, password = demoPassword): Promise<string> => {
  const { token } = await clientAs(baseUrl)((c) => c.auth.signIn({ payload: { email, password } }))
  return token
}

/** A sign-in as the CLI does it: the access token and the session's refresh credential. */
export const signInForRefresh = async (baseUrl: string, email: string, password = demoPassword) => {
  const issued = await clientAs(baseUrl)((c) => c.auth.signIn({ payload: { email, password, returnRefreshToken: true } }))
  if (issued.refreshToken === undefined) throw new Error("sign-in gave no refresh credential")
  return { token: issued.token, refreshToken: issued.refreshToken }
}

/** Tokens of every demo user, signed in once per suite. */
export const demoTokens = async (baseUrl: string): Promise<Record<DemoRole, string>> => {
  const entries = await Promise.all((Object.keys(demo) as DemoRole[]).map(async (role) => [role, await signIn(baseUrl, demo[role])] as const))
  return Object.fromEntries(entries) as Record<DemoRole, string>
}

/** The status of a failed call (0 when it succeeded). */
export const statusOf = async (promise: Promise<unknown>): Promise<number> =>
  promise.then(
    () => 0,
    (error: { status?: number }) => error.status ?? -1
  )
