import { type Failure, taskMachine } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useLayoutEffect, useRef, useState } from "react"
import { fromPromise } from "xstate"

export interface TaskHandlers<I, O> {
  readonly done?: (output: O, input: I) => void
  readonly failed?: (failure: Failure, input: I) => void
}

/**
 * One call asked by a click (read before a dialog, reload, upload, download) through core's task
 * machine: a second click while it runs is refused, the failure stays for the screen to show, and
 * the outcome reaches the handlers of the latest render.
 */
export const useTask = <I, O>(run: (input: I) => Promise<O>, handlers: TaskHandlers<I, O> = {}) => {
  // The machine is built once; these refs let it call what the latest render passed.
  const latest = useRef({ run, handlers })
  useLayoutEffect(() => {
    latest.current = { run, handlers }
  })
  const [logic] = useState(() =>
    // The machine passes RUN's input, an I; its actor is typed `unknown` there (see core's task.ts).
    taskMachine<I, O>().provide({ actors: { run: fromPromise<O, unknown>(({ input }) => latest.current.run(input as I)) } })
  )
  const actor = useActorRef(logic)
  const running = useSelector(actor, (s) => s.matches("running"))
  const failure = useSelector(actor, (s) => s.context.failure)

  useEffect(() => {
    const done = actor.on("done", ({ output, input }) => latest.current.handlers.done?.(output, input))
    const failed = actor.on("failed", ({ failure, input }) => latest.current.handlers.failed?.(failure, input))
    return () => {
      done.unsubscribe()
      failed.unsubscribe()
    }
  }, [actor])

  return {
    run: (input: I) => actor.send({ type: "RUN", input }),
    running,
    failure,
    dismiss: () => actor.send({ type: "DISMISS" })
  }
}
