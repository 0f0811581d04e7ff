import { type CaseLiveSubscribe, decodeCaseNotice } from "@palma/core"
import { followLive } from "./liveEvents"

/**
 * `GET /api/case/live?case_id=` through followLive: it comes back after a drop where it left off,
 * so a change or message made meanwhile still arrives. Where there is no EventSource (tests in
 * jsdom) the page simply gets no live notices.
 */
export const subscribeCaseLive: CaseLiveSubscribe = (caseId, onNotice, onConnected) => {
  if (typeof EventSource === "undefined") return () => undefined
  const read = (data: string) => {
    const notice = decodeCaseNotice(data)
    if (notice !== undefined) onNotice(notice)
  }
  return followLive(`/api/case/live?case_id=${encodeURIComponent(caseId)}`, { case: read, chat: read }, onConnected)
}
