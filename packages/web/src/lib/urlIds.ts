import { uuidPattern } from "@palma/core"

/** An id from the URL, lower-cased; anything else reads as no id (a hand-edited URL never yields a 400). */
export const idParam = (params: URLSearchParams, key: string): string | undefined => {
  const value = params.get(key)?.trim() ?? ""
  return uuidPattern.test(value) ? value.toLowerCase() : undefined
}

/** The channel a screen is filtered by: `retail`, or `channel` in links saved before it was renamed. */
export const retailParam = (params: URLSearchParams): string | undefined => idParam(params, "retail") ?? idParam(params, "channel")
