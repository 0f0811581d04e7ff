import type { Failure } from "@palma/core"

interface Subscription {
  unsubscribe(): void
}

/** One request to a machine: the event (and whether it takes it now) and the emissions that answer it. */
export interface ActorRequest<T> {
  /** Whether the machine takes the event now (`snapshot.can`). */
  readonly accepted: boolean
  readonly send: () => void
  readonly onDone: (handler: (value: T) => void) => Subscription
  readonly onFailed: (handler: (failure: Failure) => void) => Subscription
}

/**
 * Sends the request's event and settles with its answer: a machine's read (which keeps the
 * record's version) awaited by a screen that opens a dialog on the record it read. The machine
 * runs one read at a time, so the next answer is this one's; busy elsewhere, it refuses at once.
 */
export const askActor = <T>(request: ActorRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    if (!request.accepted) return reject(new Error("Espere a que termine la operación en curso"))
    const subscriptions = [
      request.onDone((value) => {
        stop()
        resolve(value)
      }),
      request.onFailed((failure) => {
        stop()
        reject(failure)
      })
    ]
    const stop = () => subscriptions.forEach((s) => s.unsubscribe())
    request.send()
  })
