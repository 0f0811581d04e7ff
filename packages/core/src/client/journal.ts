import { Option, Schema } from "effect"
import {
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type InspectionEvent,
  type SnapshotFrom,
  initialTransition,
  transition
} from "xstate"

/** One event a machine received, with when it arrived. */
export interface JournalEntry {
  readonly at: string
  readonly event: { readonly type: string } & Record<string, unknown>
}
export type Journal = ReadonlyArray<JournalEntry>

const JournalSchema = Schema.Array(
  Schema.Struct({
    at: Schema.String,
    event: Schema.Struct({ type: Schema.String }, Schema.Record({ key: Schema.String, value: Schema.Unknown }))
  })
)

/** A journal read back from storage (a browser's, a file): whatever is not one reads as empty. */
export const journalFrom = (stored: unknown): Journal => Option.getOrElse(Schema.decodeUnknownOption(JournalSchema)(stored), () => [])

/**
 * Errors keep their message (JSON drops it) and secrets never enter a journal:
 * journals are persisted and attached to bug reports. Replay does not need
 * them, since no actor runs.
 */
const SECRET_KEYS = new Set(["password", "token"])
const journalValue = (key: string, value: unknown) => {
  if (SECRET_KEYS.has(key) && typeof value === "string") return "[redactado]"
  return value instanceof Error ? { ...value, name: value.name, message: value.message } : value
}

/**
 * An `inspect` callback that appends every event the root actor receives —
 * user events and the results of its invoked actors — to a journal.
 * Pass it to `createActor(machine, { inspect })`; the root is the first actor seen.
 */
export const journalRecorder = (onEntry: (entry: JournalEntry) => void) => {
  let root: unknown
  return (inspection: InspectionEvent) => {
    if (inspection.type === "@xstate.actor" && root === undefined) root = inspection.actorRef
    if (inspection.type === "@xstate.event" && inspection.actorRef === root && !inspection.event.type.startsWith("xstate.init")) {
      onEntry({ at: new Date().toISOString(), event: JSON.parse(JSON.stringify(inspection.event, journalValue)) })
    }
  }
}

/** Folds a journal into the snapshot it leads to, with no side effects (no actor runs). */
export const replay = <M extends AnyStateMachine>(machine: M, journal: Journal, input?: unknown): SnapshotFrom<M> => {
  const [initial] = initialTransition(machine as AnyActorLogic, input)
  return journal.reduce<SnapshotFrom<M>>(
    (snapshot, entry) => transition(machine as AnyActorLogic, snapshot, entry.event as EventFromLogic<M>)[0] as SnapshotFrom<M>,
    initial as SnapshotFrom<M>
  )
}

/**
 * Where a reload resumes a journaled machine: the snapshot of the longest start of the journal
 * that leaves no invoked call in flight (a call the reload cut off is asked again from its step),
 * persisted for `createActor(machine, { snapshot })`, with that start of the journal. Undefined
 * when there is nothing to resume: an empty journal, or a machine that finished.
 */
export const resumeFrom = <M extends AnyStateMachine>(machine: M, journal: Journal, input?: unknown) => {
  // Machine snapshots whatever M is: every state machine's snapshot has children and a status.
  let snapshot = initialTransition(machine as AnyActorLogic, input)[0] as AnyMachineSnapshot
  let settled = { length: 0, snapshot }
  journal.forEach((entry, i) => {
    snapshot = transition(machine as AnyActorLogic, snapshot, entry.event as EventFromLogic<M>)[0] as AnyMachineSnapshot
    if (Object.keys(snapshot.children).length === 0) settled = { length: i + 1, snapshot }
  })
  if (settled.length === 0 || settled.snapshot.status !== "active") return undefined
  return { snapshot: machine.getPersistedSnapshot(settled.snapshot), journal: journal.slice(0, settled.length) }
}
