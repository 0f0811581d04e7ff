import type { Location } from "react-router"

/** Route state carrying the page a signed-out visitor asked for, to return there after signing in. */
export interface ReturnState {
  readonly from: string
}

export const returnStateFor = (location: Location): ReturnState => ({
  from: `${location.pathname}${location.search}${location.hash}`
})

export const returnPath = (state: unknown): string =>
  typeof state === "object" && state !== null && "from" in state && typeof state.from === "string" && state.from.startsWith("/") && !state.from.startsWith("//")
    ? state.from
    : "/"

/** The same state, also carrying the email just signed up with, for the sign-in form to start from. */
export const withEmail = (state: unknown, email: string): ReturnState & { readonly email: string } => ({ from: returnPath(state), email })

export const emailOf = (state: unknown): string =>
  typeof state === "object" && state !== null && "email" in state && typeof state.email === "string" ? state.email : ""
