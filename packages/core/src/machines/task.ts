import { assertEvent, assign, emit, setup } from "xstate"
import { type Failure, failureOf } from "../client/machineFailure.js"
import { unprovided } from "./unprovided.js"

export interface TaskContext<I> {
  /** What the running (or last) call was asked with. */
  readonly input: I | null
  /** Why the last call failed: message, status and field issues; cleared when the next one starts. */
  readonly failure: Failure | null
}

export type TaskEvent<I> = { type: "RUN"; input: I } | { type: "DISMISS" }

export type TaskEmitted<I, O> = { type: "done"; input: I; output: O } | { type: "failed"; input: I; failure: Failure }

/**
 * One call at a time, asked by a person: read a record before its dialog opens, reload it after
 * a 412, upload a logo, download a template. The host provides `run` and hears `done` or
 * `failed`; while it runs, another RUN is refused (`state.can` disables the button).
 */
export const taskMachine = <I, O>() =>
  setup({
    types: {
      context: {} as TaskContext<I>,
      events: {} as TaskEvent<I>,
      emitted: {} as TaskEmitted<I, O>
    },
    actors: {
      // The input is RUN's `I`; typed loosely here because a generic input defeats XState's invoke inference (as in resource.ts).
      run: unprovided<O, unknown>("run")
    },
    actions: {
      announce: emit((_, outcome: TaskEmitted<I, O>) => outcome)
    }
  }).createMachine({
    id: "task",
    context: { input: null, failure: null },
    initial: "idle",
    states: {
      idle: {
        on: {
          RUN: { target: "running", actions: assign({ input: ({ event }) => event.input, failure: null }) },
          DISMISS: { actions: assign({ failure: null }) }
        }
      },
      // RUN set `input` on the way in, so within `running` it is never null: hence the casts below.
      running: {
        invoke: {
          src: "run",
          input: ({ event }: { event: TaskEvent<I> }) => {
            assertEvent(event, "RUN")
            return event.input
          },
          onDone: {
            target: "idle",
            actions: { type: "announce", params: ({ context, event }) => ({ type: "done", input: context.input as I, output: event.output }) }
          },
          onError: {
            target: "idle",
            actions: [
              assign({ failure: ({ event }) => failureOf(event.error) }),
              { type: "announce", params: ({ context, event }) => ({ type: "failed", input: context.input as I, failure: failureOf(event.error) }) }
            ]
          }
        }
      }
    }
  })
