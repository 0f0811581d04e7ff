import { READY_PATH } from "../../src/monitoring/probes.js"
import { until } from "./until.js"

/**
 * `GET /readyz` on `baseUrl` on a connection of its own (a kept-alive one may be served by a
 * process that already stopped listening): its status, or undefined when nothing answers.
 */
export const readyzStatus = (baseUrl: string): Promise<number | undefined> =>
  fetch(`${baseUrl}${READY_PATH}`, { headers: { connection: "close" } }).then(
    (response) => response.status,
    () => undefined
  )

/** Waits until `/readyz` on `baseUrl` (a process, or a balancer in front of some) answers `status`. */
export const untilReadyz = (baseUrl: string, status: 200 | 503) =>
  until(`${status} en ${READY_PATH} de ${baseUrl}`, async () => ((await readyzStatus(baseUrl)) === status ? true : undefined))
