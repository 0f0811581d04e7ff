import type { Page, Request } from "playwright-core"

/**
 * Waits, like Playwright's "networkidle", until none of the page's requests has been in flight for
 * half a second; unlike it, also after a navigation inside the app, which loads no new document
 * (Playwright's load states belong to the document, so they are already reached). An event stream
 * never ends, so it is not waited for.
 */
export const quietNetwork = (page: Page): (() => Promise<void>) => {
  const inFlight = new Set<Request>()
  let changed = () => {}
  page.on("request", (request) => {
    if (request.resourceType() === "eventsource") return
    inFlight.add(request)
    changed()
  })
  const ended = (request: Request) => {
    inFlight.delete(request)
    changed()
  }
  page.on("requestfinished", ended)
  page.on("requestfailed", ended)
  return () =>
    new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | undefined
      changed = () => {
        clearTimeout(timer)
        if (inFlight.size > 0) return
        timer = setTimeout(() => {
          changed = () => {}
          resolve()
        }, 500)
      }
      changed()
    })
}
