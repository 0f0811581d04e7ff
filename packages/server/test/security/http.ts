/**
 * Raw HTTP for the security suites: `fetch` with exactly the bytes and headers under test, no
 * typed client in between (a client would refuse to send most of what these suites send).
 */

export interface RawResponse {
  readonly status: number
  readonly text: string
  /** The parsed body when it is JSON, else undefined. */
  readonly json: unknown
  readonly headers: Headers
}

export interface RawRequest {
  readonly token?: string | null
  readonly body?: string | Uint8Array | FormData
  /** Extra headers; they override the defaults (set one to "" to send it empty). */
  readonly headers?: Readonly<Record<string, string>>
}

export const send = async (baseUrl: string, method: string, url: string, request: RawRequest = {}): Promise<RawResponse> => {
  const headers: Record<string, string> = { id: "palma-test" }
  if (request.token) headers["authorization"] = `Bearer ${request.token}`
  if (typeof request.body === "string" || request.body instanceof Uint8Array) headers["content-type"] = "application/json"
  Object.assign(headers, request.headers)
  const response = await fetch(`${baseUrl}${url}`, { method, headers, body: request.body ?? null })
  // An event stream never ends: its status and headers are the answer; the body is let go.
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
    await response.body?.cancel()
    return { status: response.status, text: "", json: undefined, headers: response.headers }
  }
  const text = await response.text()
  let json: unknown = undefined
  try {
    json = text === "" ? undefined : JSON.parse(text)
  } catch {
    // not JSON: `json` stays undefined and the assertions say so
  }
  return { status: response.status, text, json, headers: response.headers }
}

/**
 * Whether a message a person will read is Spanish: it has a Spanish marker (an accent or ñ, or a
 * common Spanish word) and none of the words Effect, the platform or Node use in their English
 * defaults. A heuristic, tuned on the server's messages; good enough to catch a leaked English one.
 */
export const looksSpanish = (message: unknown): boolean => {
  if (typeof message !== "string" || message.trim() === "") return false
  const english = /\b(expected|actual|must|invalid|missing|unexpected|error|the|is|not|found|unauthorized|forbidden|failed|request|body|token)\b/i
  const spanish = /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|un|una|su|es|no|con|por|para|que|debe|campo|sesión|valor|correo|solicitud)\b/i
  return spanish.test(message) && !english.test(message)
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
