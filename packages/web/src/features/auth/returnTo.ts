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
