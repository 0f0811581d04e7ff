import { REJECTED_MESSAGE, SERVER_FAULT_MESSAGE, TRANSPORT_MESSAGE, UNEXPECTED_ANSWER_MESSAGE } from "@palma/core/client/failureMessages"

/** How a sign-in ended: the new token's expiry, or what to tell the person (in Spanish, as the app's client would). */
export type SignInOutcome = { readonly expiresAt: number } | { readonly failure: string }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/**
 * The local sign-in call with fetch alone: the typed client (Effect, the whole contract) is what
 * this page exists to leave out. The session arrives as the server's HttpOnly cookies.
 */
export const signInCall = async (email: string, password: string): Promise<SignInOutcome> => {
  let response: Response
  try {
    response = await fetch("/api/auth/local/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json", id: "palma-web" },
      body: JSON.stringify({ email: email.trim(), password })
    })
  } catch {
    return { failure: TRANSPORT_MESSAGE }
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (response.ok) return isRecord(body) && typeof body.expiresAt === "number" ? { expiresAt: body.expiresAt } : { failure: UNEXPECTED_ANSWER_MESSAGE }
  // Palma's typed answers (wrong credentials, too many attempts, a disabled account) carry their message.
  if (isRecord(body) && typeof body._tag === "string")
    return { failure: typeof body.message === "string" && body.message !== "" ? body.message : REJECTED_MESSAGE }
  return { failure: response.status >= 500 ? SERVER_FAULT_MESSAGE : UNEXPECTED_ANSWER_MESSAGE }
}
