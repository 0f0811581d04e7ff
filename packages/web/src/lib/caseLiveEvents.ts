import { type CaseLiveSubscribe, decodeCaseNotice } from "@palma/core"

/**
 * `GET /api/case/live?case_id=` through the browser's EventSource: same origin, so the session
 * cookie authenticates it, and it reconnects by itself (the server asks for 3 s). Where there is
 * no EventSource (tests in jsdom) the page simply gets no live notices.
 */
export const subscribeCaseLive: CaseLiveSubscribe = (caseId, onNotice, onConnected) => {
  if (typeof EventSource === "undefined") return () => undefined
  const source = new EventSource(`/api/case/live?case_id=${encodeURIComponent(caseId)}`)
  const read = (event: MessageEvent<string>) => {
    const notice = decodeCaseNotice(event.data)
    if (notice !== undefined) onNotice(notice)
  }
  source.addEventListener("case", read)
  source.addEventListener("chat", read)
  source.addEventListener("open", () => onConnected(true))
  source.addEventListener("error", () => onConnected(false))
  return () => source.close()
}
