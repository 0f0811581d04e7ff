import { Duration, Effect } from "effect"

/**
 * A long job (an upload, an export) pauses for a moment between its queries: the embedded
 * database has one connection whose lock is not fair (a fiber that lets it go can take it back
 * before a waiting one wakes), so without it the job would take the database back before any
 * waiting request, and the whole back-office would wait for the job to end. A timer, not a
 * `yieldNow`: the waiters are woken by tasks the scheduler runs before timers.
 */
export const letOthersIn = Effect.sleep(Duration.millis(2))
