import { assign, emit, fromCallback, fromPromise, setup } from "xstate"
import type { ApiClient } from "../client/ApiClient.js"
import type { Call } from "../client/caller.js"
import { lifecycleOf, type CaseStep, type CaseStepOption, stepsOf } from "../domain/caseLifecycle.js"
import type { CaseStepInput } from "../domain/caseStepInput.js"
import type { CaseView } from "../domain/caseView.js"
import { caseFactsOfView } from "../domain/caseViewFacts.js"
import type { Role } from "../domain/role.js"
import { type Failure, failureOf } from "../client/machineFailure.js"
import { type CaseFeedEvent, caseLiveFeed, type CaseLiveSubscribe } from "../client/caseLive.js"

/** A case as its page shows it: the case read (with its version) and its history's authors by id. */
export interface LoadedCase {
  readonly view: CaseView
  /** Staff names by user id; an author the server no longer knows is missing. */
  readonly names: Readonly<Record<string, string>>
}

/**
 * The history's authors' names (`POST /user/getByIds`). The names only decorate the history: if
 * the call fails the case still opens, with the authors unnamed.
 */
const namesOf = async (call: Call, view: CaseView): Promise<LoadedCase> => {
  const ids = [...new Set(view.history.map((h) => h.user).filter((id) => id !== ""))]
  if (ids.length === 0) return { view, names: {} }
  const found = await call((c) => c.user.getByIds({ payload: { ids } })).catch(() => ({ success: false, data: [] }))
  return { view, names: Object.fromEntries(found.data.map((u) => [u.id, `${u.first_name} ${u.last_name}`.trim()])) }
}

/** What the web's page and the CLI offer on a case read, for a role: the case lifecycle's steps and its refusals. */
export const caseStepsOf = (view: CaseView, role: Role | null): ReadonlyArray<CaseStepOption> =>
  role === null ? [] : stepsOf(lifecycleOf(caseFactsOfView(view)), role)

/** One step taken: the case's id, the version it was decided on (`If-Match`) and the step. */
export interface StepTaken {
  readonly id: string
  readonly version: number
  readonly input: CaseStepInput
}

/**
 * The step's request. HttpApiClient types a union payload as one request type per member; each
 * step is one of them, so the request built from any step is what `case.step` takes.
 */
const stepRequest = (taken: StepTaken) =>
  ({ path: { case_id: taken.id }, headers: { "if-match": `"${taken.version}"` }, payload: taken.input }) as Parameters<ApiClient["case"]["step"]>[0] & {
    readonly withResponse?: false
  }

/** One step sent (`POST /case/{id}/step`) on the version given; a host that knows another version to hold the case to sends that one. */
export const takeStep = async (call: Call, taken: StepTaken): Promise<LoadedCase> => namesOf(call, await call((c) => c.case.step<false>(stepRequest(taken))))

/** A case's calls: read it by id, and take one step on the version read. */
export const caseRecordActors = (call: Call) => ({
  load: fromPromise<LoadedCase, string>(async ({ input: id }) => namesOf(call, await call((c) => c.case.getById({ path: { id } })))),
  take: fromPromise<LoadedCase, StepTaken>(({ input }) => takeStep(call, input))
})

export interface CaseRecordContext {
  readonly id: string
  readonly role: Role | null
  readonly loaded: LoadedCase | null
  /** Why the case could not be read. */
  readonly failure: Failure | null
  /** The server's refusal of the last step tried (409 with the lifecycle's reason, 412, 400…). */
  readonly rejection: Failure | null
  /** The step being confirmed; null when none. */
  readonly step: CaseStep | null
  /** The step being sent, as entered. */
  readonly pending: CaseStepInput | null
  /** The newest version another user wrote while a step was being confirmed here; null: none. */
  readonly changedElsewhere: number | null
  /** Chat messages announced by the feed since the page opened (the chat reads them). */
  readonly chatPosts: number
  readonly connected: boolean
}

export type CaseRecordEvent =
  CaseFeedEvent | { type: "RETRY" } | { type: "RELOAD" } | { type: "PICK"; step: CaseStep } | { type: "DISMISS" } | { type: "TAKE"; input: CaseStepInput }

export type CaseRecordEmitted = { type: "taken"; step: CaseStep | null; record: LoadedCase } | { type: "rejected"; failure: Failure }

const versionOf = (context: CaseRecordContext) => context.loaded?.view.version ?? 0

/**
 * A case's page, for the web and the CLI alike: read the case, offer the case lifecycle's steps,
 * confirm one and send it, and follow what others do (the live feed). Another user's write is
 * read at once unless a step is being confirmed here: then it is only noted (`changedElsewhere`),
 * so what the person typed is not swept away. Hosts provide `load`, `take` and `feed`.
 */
export const caseRecordMachine = setup({
  types: {
    context: {} as CaseRecordContext,
    events: {} as CaseRecordEvent,
    emitted: {} as CaseRecordEmitted,
    input: {} as { readonly id: string; readonly role: Role | null }
  },
  actors: {
    load: fromPromise<LoadedCase, string>(() => Promise.reject(new Error("load no provisto"))),
    take: fromPromise<LoadedCase, StepTaken>(() => Promise.reject(new Error("take no provisto"))),
    feed: fromCallback<CaseFeedEvent, { readonly caseId: string }>(() => () => undefined)
  },
  guards: {
    offered: ({ context, event }) =>
      event.type === "PICK" &&
      context.loaded !== null &&
      caseStepsOf(context.loaded.view, context.role).some((o) => o.step === event.step && o.refusal === null),
    newer: ({ context, event }) => event.type === "NOTICE" && event.notice.type === "case" && event.notice.version > versionOf(context),
    confirming: ({ context }) => context.step !== null
  },
  actions: {
    noteElsewhere: assign({
      changedElsewhere: ({ context, event }) =>
        event.type === "NOTICE" && event.notice.type === "case" ? Math.max(context.changedElsewhere ?? 0, event.notice.version) : context.changedElsewhere
    })
  }
}).createMachine({
  id: "caseRecord",
  context: ({ input }) => ({
    id: input.id,
    role: input.role,
    loaded: null,
    failure: null,
    rejection: null,
    step: null,
    pending: null,
    changedElsewhere: null,
    chatPosts: 0,
    connected: false
  }),
  invoke: { src: "feed", input: ({ context }) => ({ caseId: context.id }) },
  on: {
    CONNECTED: { actions: assign({ connected: ({ event }) => event.connected }) },
    NOTICE: { guard: ({ event }) => event.notice.type === "chat", actions: assign({ chatPosts: ({ context }) => context.chatPosts + 1 }) }
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "load",
        input: ({ context }) => context.id,
        onDone: { target: "ready", actions: assign({ loaded: ({ event }) => event.output, failure: null }) },
        onError: { target: "failure", actions: assign({ failure: ({ event }) => failureOf(event.error) }) }
      }
    },
    failure: { on: { RETRY: "loading" } },
    ready: {
      initial: "idle",
      on: {
        RELOAD: ".reloading",
        // Another user's write while a step is being confirmed or sent here: noted, not read (idle reads it at once).
        NOTICE: { guard: "newer", actions: "noteElsewhere" }
      },
      states: {
        idle: {
          on: {
            PICK: { guard: "offered", target: "confirming", actions: assign({ step: ({ event }) => event.step, rejection: null }) },
            NOTICE: { guard: "newer", target: "reloading" }
          }
        },
        confirming: {
          on: {
            TAKE: { target: "saving", actions: assign({ rejection: null, pending: ({ event }) => event.input }) },
            DISMISS: { target: "idle", actions: assign({ step: null, rejection: null }) }
          }
        },
        saving: {
          invoke: {
            src: "take",
            input: ({ context }) => ({ id: context.id, version: versionOf(context), input: context.pending! }),
            onDone: {
              target: "idle",
              actions: [
                emit(({ context, event }) => ({ type: "taken" as const, step: context.step, record: event.output })),
                assign({
                  loaded: ({ event }) => event.output,
                  step: null,
                  // The notice of this very write can arrive before its answer: a version it reached is not someone else's.
                  changedElsewhere: ({ context, event }) =>
                    context.changedElsewhere !== null && context.changedElsewhere <= event.output.view.version ? null : context.changedElsewhere
                })
              ]
            },
            onError: {
              target: "confirming",
              actions: [
                assign({ rejection: ({ event }) => failureOf(event.error) }),
                emit(({ event }) => ({ type: "rejected" as const, failure: failureOf(event.error) }))
              ]
            }
          }
        },
        reloading: {
          invoke: {
            src: "load",
            input: ({ context }) => context.id,
            onDone: [
              {
                guard: "confirming",
                target: "confirming",
                // The case as it is now: a refusal of the version before is no longer this one's.
                actions: assign({ loaded: ({ event }) => event.output, changedElsewhere: null, rejection: null })
              },
              { target: "idle", actions: assign({ loaded: ({ event }) => event.output, changedElsewhere: null, rejection: null }) }
            ],
            onError: [
              { guard: "confirming", target: "confirming", actions: assign({ rejection: ({ event }) => failureOf(event.error) }) },
              { target: "idle", actions: assign({ rejection: ({ event }) => failureOf(event.error) }) }
            ]
          }
        }
      }
    }
  }
})

/** The page's machine with the real calls and a live feed (`subscribe`: EventSource in the browser, fetch in Node). */
export const caseRecordWith = (call: Call, subscribe: CaseLiveSubscribe) =>
  caseRecordMachine.provide({ actors: { ...caseRecordActors(call), feed: caseLiveFeed(subscribe) } })
