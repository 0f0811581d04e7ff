import { enqueueActions, initialTransition, type SnapshotFrom, setup, transition } from "xstate"
import type { AssignmentKind, CaseFacts, RefundAmounts } from "./caseFacts.js"
import type { CaseCommand, CaseCommandOf, CaseCommandType } from "./caseCommand.js"
import type { CaseChange } from "./caseEvent.js"
import { applyChange } from "./caseFold.js"
import { formatClp } from "./money.js"
import type { Role } from "./role.js"

/**
 * The case lifecycle (DESIGN §5, issue 32): a case's stages and its procedure's cycles as one
 * statechart. Pure — no actors, no client — so the server decides every write with it, the web
 * asks it what may happen next, and the CLI sends it commands. Its context is the case's facts
 * and nothing else: a snapshot is built from stored facts (`lifecycleOf`), and every state is
 * what those facts say. A command that moves the case emits the events to append (`decide`); a
 * command it refuses has a Spanish reason from here (`refusalOf`), the only place they exist.
 */

/** A command with the role of whoever sends it (the guards' "who"). */
export type CaseCommandBy = CaseCommand & { readonly role: Role }

/** The command types a person takes from a case's page or `palma case <n> <step>`, in the order they are offered. */
export const caseSteps = [
  "close",
  "reopen",
  "chooseProcedure",
  "assignProvider",
  "schedule",
  "confirmAssignment",
  "completeAssignment",
  "qualify",
  "cancelAssignment",
  "requestRefund",
  "approveRefund",
  "rejectRefund",
  "payRefund"
] as const satisfies ReadonlyArray<CaseCommandType>
export type CaseStep = (typeof caseSteps)[number]

const supervises = (role: Role) => role === "moderator" || role === "admin"

interface Sendable {
  readonly specialist: { readonly cancel: boolean } | null
  readonly alliance: { readonly cancel: boolean } | null
}

/** Which of the case's specialist and partner is in play: the one not cancelled, else the specialist before the partner. */
export const assignmentKindOf = (facts: Sendable): AssignmentKind | null => {
  if (facts.specialist !== null && !facts.specialist.cancel) return "specialist"
  if (facts.alliance !== null && !facts.alliance.cancel) return "alliance"
  return facts.specialist !== null ? "specialist" : facts.alliance !== null ? "alliance" : null
}

/** The specialist or partner in play (see `assignmentKindOf`), from a case's facts or its view. */
export const assignmentOf = <F extends Sendable>(facts: F): NonNullable<F["specialist"] | F["alliance"]> | null => {
  const kind = assignmentKindOf(facts)
  return kind === null ? null : (facts[kind] as NonNullable<F["specialist"] | F["alliance"]>)
}

const sentNoun: Record<AssignmentKind, string> = { specialist: "al especialista", alliance: "a la alianza" }
const sentName: Record<AssignmentKind, string> = { specialist: "El especialista", alliance: "La alianza" }

/** What a refund's procedure asks for: an IMED discount or a reimbursement. */
const refundKindOf = (facts: CaseFacts): "amount" | "imed" => (facts.procedure?.code === "imed" ? "imed" : "amount")

/** One condition of a guard: what it reads (who sends, the case, or the command's own data) and why it fails, or null. */
interface Check {
  readonly reads: "who" | "case" | "command"
  readonly why: (facts: CaseFacts, command: CaseCommandBy) => string | null
}

const visitChecks: ReadonlyArray<Check> = [
  {
    reads: "command",
    why: (_, c) => ("scheduled_time" in c && c.scheduled_time !== null && c.scheduled_date === null ? "Indique el día de la visita" : null)
  },
  {
    reads: "command",
    why: (facts, c) =>
      "scheduled_date" in c && c.scheduled_date !== null && facts.event !== null && c.scheduled_date < facts.event.date
        ? "La visita no puede ser antes del evento"
        : null
  }
]

const supervisesRefund: Check = {
  reads: "who",
  why: (_, c) => (supervises(c.role) ? null : "Solo un moderador o un administrador puede aprobar, rechazar o pagar un reembolso")
}

const asked = (r: { readonly amount: RefundAmounts; readonly imed: RefundAmounts }) => `${r.amount.required}/${r.imed.required}`

/** The guards, by name: a guard passes when none of its checks finds a reason. */
const rules = {
  mayClose: [
    { reads: "command", why: (_, c) => (c.type === "close" && c.description.trim() === "" ? "Indique cómo se resolvió el caso para cerrarlo" : null) }
  ],
  mayReopen: [{ reads: "who", why: (_, c) => (supervises(c.role) ? null : "Solo un moderador o un administrador puede reabrir un caso") }],
  mayChooseProcedure: [
    {
      reads: "case",
      why: (facts) => {
        const kind = assignmentKindOf(facts)
        const sent = kind === null ? null : facts[kind]
        if (kind !== null && sent !== null && !sent.cancel) return `Anule ${sentNoun[kind].slice(2)} enviado antes de cambiar el procedimiento`
        return facts.refund === null ? null : "El caso ya tiene un reembolso: su procedimiento no se puede cambiar"
      }
    }
  ],
  mayAssign: [
    {
      reads: "case",
      why: (facts) =>
        facts.procedure?.code === "specialist" || facts.procedure?.code === "alliance"
          ? null
          : "Defina un procedimiento de especialista o de alianza para enviar a alguien"
    },
    {
      reads: "command",
      why: (facts, c) =>
        c.type !== "assignProvider" || (c.kind === "alliance") === (facts.procedure?.code === "alliance")
          ? null
          : facts.procedure?.code === "alliance"
            ? "El procedimiento del caso envía una alianza, no un especialista"
            : "El procedimiento del caso envía un especialista, no una alianza"
    },
    ...visitChecks
  ],
  maySchedule: visitChecks,
  mayRequestRefund: [
    {
      reads: "case",
      why: (facts) =>
        facts.procedure?.code === "refund" || facts.procedure?.code === "imed" ? null : "Defina el procedimiento de reembolso o de IMED para pedir dinero"
    },
    {
      reads: "command",
      why: (facts, c) => {
        if (c.type !== "requestRefund") return null
        const required = c[refundKindOf(facts)].required
        return required !== null && required > 0 ? null : "Indique un monto en pesos mayor que cero"
      }
    }
  ],
  keepsRequest: [
    {
      reads: "command",
      why: (facts, c) =>
        c.type !== "amendRefund" || facts.refund === null || asked(c) === asked(facts.refund)
          ? null
          : `El reembolso ya está ${facts.refund.status.toLowerCase()}: su monto no se puede cambiar`
    }
  ],
  supervisesRefund: [supervisesRefund],
  mayPayRefund: [
    supervisesRefund,
    {
      reads: "command",
      why: (facts, c) => {
        if (c.type !== "payRefund" || c.refunded === null || facts.refund === null) return null
        const required = facts.refund[refundKindOf(facts)].required ?? 0
        if (c.refunded <= 0) return "Indique un monto pagado mayor que cero"
        return c.refunded > required ? `El monto pagado no puede superar el solicitado (${formatClp(required)})` : null
      }
    }
  ]
} satisfies Record<string, ReadonlyArray<Check>>
type RuleName = keyof typeof rules

const firstReason = (checks: ReadonlyArray<Check>, facts: CaseFacts, command: CaseCommandBy, reads: ReadonlyArray<Check["reads"]>) => {
  for (const check of checks) {
    if (!reads.includes(check.reads)) continue
    const why = check.why(facts, command)
    if (why !== null) return why
  }
  return null
}

const guard =
  (name: RuleName) =>
  ({ context, event }: { readonly context: LifecycleContext; readonly event: CaseCommandBy }) =>
    firstReason(rules[name], context.facts, event, ["who", "case", "command"]) === null

interface LifecycleContext {
  readonly facts: CaseFacts
}

type ChangesOf<T extends CaseCommandType> = (facts: CaseFacts, command: CaseCommandOf<T>) => ReadonlyArray<CaseChange>

/** Kind of the assignment in play; the states that use it exist only when one was sent. */
const inPlay = (facts: CaseFacts): AssignmentKind => assignmentKindOf(facts) ?? "specialist"

const paidAmounts = (a: RefundAmounts, given: number | null): RefundAmounts =>
  a.required === null ? a : { required: a.required, refunded: given ?? a.refunded ?? a.required }

/** The events each command appends, from the facts it is decided on. */
const changes: { readonly [T in CaseCommandType]: ChangesOf<T> } = {
  open: (_, c) => [{ type: "opened", payload: { number: c.number, type: c.applicant } }],
  setParties: (_, c) => [{ type: "partiesSet", payload: { parties: c.parties } }],
  setService: (_, c) => [{ type: "serviceSet", payload: { service: c.service } }],
  setCoverageException: (_, c) => [{ type: "coverageExceptionSet", payload: { reason: c.reason } }],
  setIncident: (_, c) => [{ type: "eventSet", payload: { event: c.event } }],
  setValues: (_, c) => [{ type: "valuesSet", payload: { values: c.values } }],
  setFiles: (_, c) => [{ type: "filesSet", payload: { files: c.files } }],
  setCost: (_, c) => [{ type: "costSet", payload: { cost: c.cost } }],
  chooseProcedure: (_, c) => [{ type: "procedureSet", payload: { procedure: c.procedure } }],
  assignProvider: (facts, c) => [
    {
      type: "assigned",
      payload: {
        kind: c.kind,
        assignment: {
          provider_id: c.provider_id,
          specialty_id: c.specialty_id,
          // A specialist goes where the event happened unless told otherwise; a partner has its own address.
          district_id: c.kind === "specialist" ? (c.district_id ?? facts.event?.district_id ?? null) : null,
          scheduled_date: c.scheduled_date,
          scheduled_time: c.scheduled_time,
          confirmed: false,
          completed: false,
          cancel: false,
          qualification_id: null,
          comment: ""
        }
      }
    }
  ],
  schedule: (facts, c) => [{ type: "scheduled", payload: { kind: inPlay(facts), scheduled_date: c.scheduled_date, scheduled_time: c.scheduled_time } }],
  confirmAssignment: (facts) => [{ type: "confirmed", payload: { kind: inPlay(facts), confirmed: true } }],
  completeAssignment: (facts) => [{ type: "completed", payload: { kind: inPlay(facts), completed: true } }],
  qualify: (facts, c) => [{ type: "qualified", payload: { kind: inPlay(facts), qualification_id: c.qualification_id, comment: c.comment } }],
  cancelAssignment: (facts) => [{ type: "cancelled", payload: { kind: inPlay(facts), cancel: true } }],
  undo: () => [],
  requestRefund: (_, c) => [{ type: "refundRequested", payload: { refund: { amount: c.amount, imed: c.imed, status: "Pendiente", comment: c.comment } } }],
  amendRefund: (_, c) => [{ type: "refundAmended", payload: { amount: c.amount, imed: c.imed, comment: c.comment } }],
  approveRefund: () => [{ type: "refundStatusChanged", payload: { from: "Pendiente", to: "Aprobado" } }],
  rejectRefund: () => [{ type: "refundStatusChanged", payload: { from: "Pendiente", to: "Rechazado" } }],
  payRefund: (facts, c) => {
    const refund = facts.refund
    if (refund === null) return []
    const main = refundKindOf(facts)
    const amount = paidAmounts(refund.amount, main === "amount" ? c.refunded : null)
    const imed = paidAmounts(refund.imed, main === "imed" ? c.refunded : null)
    const paid: ReadonlyArray<CaseChange> =
      asked({ amount, imed }) === asked(refund) && amount.refunded === refund.amount.refunded && imed.refunded === refund.imed.refunded
        ? []
        : [{ type: "refundAmended", payload: { amount, imed, comment: refund.comment } }]
    return [...paid, { type: "refundStatusChanged", payload: { from: "Aprobado", to: "Reembolsado" } }]
  },
  close: (_, c) => [{ type: "closed", payload: { description: c.description.trim() } }],
  reopen: (_, c) => [{ type: "reopened", payload: { description: c.description.trim() } }]
}

/** Emitted once per event a transition appends, in order. */
export interface CaseRecorded {
  readonly type: "recorded"
  readonly change: CaseChange
}

const sent = (facts: CaseFacts) => assignmentOf(facts)

export const caseLifecycle = setup({
  types: {
    context: {} as LifecycleContext,
    events: {} as CaseCommandBy,
    emitted: {} as CaseRecorded,
    input: {} as { readonly facts: CaseFacts }
  },
  guards: {
    notOpened: ({ context }) => context.facts.number === 0,
    isClosed: ({ context }) => context.facts.status.isClosed,
    hasProcedure: ({ context }) => context.facts.procedure !== null,
    nobodySent: ({ context }) => sent(context.facts) === null,
    wasCancelled: ({ context }) => sent(context.facts)?.cancel === true,
    wasQualified: ({ context }) => sent(context.facts)?.completed === true && sent(context.facts)?.qualification_id !== null,
    wasCompleted: ({ context }) => sent(context.facts)?.completed === true,
    wasConfirmed: ({ context }) => sent(context.facts)?.confirmed === true,
    wasScheduled: ({ context }) => sent(context.facts)?.scheduled_date != null,
    noRefund: ({ context }) => context.facts.refund === null,
    refundPending: ({ context }) => context.facts.refund?.status === "Pendiente",
    refundApproved: ({ context }) => context.facts.refund?.status === "Aprobado",
    refundRejected: ({ context }) => context.facts.refund?.status === "Rechazado",
    mayClose: guard("mayClose"),
    mayReopen: guard("mayReopen"),
    mayChooseProcedure: guard("mayChooseProcedure"),
    mayAssign: guard("mayAssign"),
    maySchedule: guard("maySchedule"),
    mayRequestRefund: guard("mayRequestRefund"),
    keepsRequest: guard("keepsRequest"),
    supervisesRefund: guard("supervisesRefund"),
    mayPayRefund: guard("mayPayRefund")
  },
  actions: {
    // Apply the command's events to the facts and emit each one: `decide` collects them to append.
    record: enqueueActions(({ context, event, enqueue }) => {
      const made = (changes[event.type] as ChangesOf<CaseCommandType>)(context.facts, event)
      enqueue.assign({ facts: made.reduce(applyChange, context.facts) })
      for (const change of made) enqueue.emit({ type: "recorded", change })
    })
  }
}).createMachine({
  id: "caseLifecycle",
  context: ({ input }) => ({ facts: input.facts }),
  initial: "resolving",
  states: {
    // Where stored facts put the case: every state below is what its facts say.
    resolving: { always: [{ guard: "notOpened", target: "new" }, { guard: "isClosed", target: "closed" }, { target: "open" }] },
    new: { on: { open: { target: "open", actions: "record" } } },
    open: {
      type: "parallel",
      on: {
        setParties: { actions: "record" },
        setService: { actions: "record" },
        setCoverageException: { actions: "record" },
        setIncident: { actions: "record" },
        setValues: { actions: "record" },
        setFiles: { actions: "record" },
        setCost: { actions: "record" },
        close: { guard: "mayClose", target: "closed", actions: "record" }
      },
      states: {
        procedure: {
          initial: "resolving",
          states: {
            resolving: { always: [{ guard: "hasProcedure", target: "chosen" }, { target: "none" }] },
            none: { on: { chooseProcedure: { guard: "mayChooseProcedure", target: "chosen", actions: "record" } } },
            chosen: { on: { chooseProcedure: { guard: "mayChooseProcedure", target: "chosen", actions: "record" } } }
          }
        },
        assignment: {
          initial: "resolving",
          states: {
            resolving: {
              always: [
                { guard: "nobodySent", target: "none" },
                { guard: "wasCancelled", target: "cancelled" },
                { guard: "wasQualified", target: "qualified" },
                { guard: "wasCompleted", target: "completed" },
                { guard: "wasConfirmed", target: "confirmed" },
                { guard: "wasScheduled", target: "scheduled" },
                { target: "sent" }
              ]
            },
            none: { on: { assignProvider: { guard: "mayAssign", target: "resolving", actions: "record" } } },
            sent: {
              on: {
                schedule: { guard: "maySchedule", target: "resolving", actions: "record" },
                confirmAssignment: { target: "confirmed", actions: "record" },
                cancelAssignment: { target: "cancelled", actions: "record" }
              }
            },
            scheduled: {
              on: {
                schedule: { guard: "maySchedule", target: "resolving", actions: "record" },
                confirmAssignment: { target: "confirmed", actions: "record" },
                cancelAssignment: { target: "cancelled", actions: "record" }
              }
            },
            confirmed: {
              on: {
                schedule: { guard: "maySchedule", target: "confirmed", actions: "record" },
                completeAssignment: { target: "completed", actions: "record" },
                cancelAssignment: { target: "cancelled", actions: "record" }
              }
            },
            completed: { on: { qualify: { target: "resolving", actions: "record" } } },
            qualified: { on: { qualify: { target: "resolving", actions: "record" } } },
            cancelled: { on: { assignProvider: { guard: "mayAssign", target: "resolving", actions: "record" } } }
          }
        },
        refund: {
          initial: "resolving",
          states: {
            resolving: {
              always: [
                { guard: "noRefund", target: "none" },
                { guard: "refundPending", target: "pending" },
                { guard: "refundApproved", target: "approved" },
                { guard: "refundRejected", target: "rejected" },
                { target: "paid" }
              ]
            },
            none: { on: { requestRefund: { guard: "mayRequestRefund", target: "pending", actions: "record" } } },
            pending: {
              on: {
                amendRefund: { actions: "record" },
                approveRefund: { guard: "supervisesRefund", target: "approved", actions: "record" },
                rejectRefund: { guard: "supervisesRefund", target: "rejected", actions: "record" }
              }
            },
            approved: {
              on: { amendRefund: { guard: "keepsRequest", actions: "record" }, payRefund: { guard: "mayPayRefund", target: "paid", actions: "record" } }
            },
            rejected: { on: { amendRefund: { guard: "keepsRequest", actions: "record" } } },
            paid: { on: { amendRefund: { guard: "keepsRequest", actions: "record" } } }
          }
        }
      }
    },
    closed: { on: { reopen: { guard: "mayReopen", target: "open", actions: "record" } } }
  }
})

export type CaseLifecycleSnapshot = SnapshotFrom<typeof caseLifecycle>

/** The lifecycle where a case's stored facts put it. */
export const lifecycleOf = (facts: CaseFacts): CaseLifecycleSnapshot => initialTransition(caseLifecycle, { facts })[0]

interface TransitionNode {
  readonly on: Readonly<Record<string, ReadonlyArray<{ readonly guard?: unknown }>>>
  readonly parent?: TransitionNode
  readonly states: Readonly<Record<string, TransitionNode>>
}

/** The state nodes the snapshot is in, from the root down (walked from its public `value`). */
const activeNodes = (snapshot: CaseLifecycleSnapshot): ReadonlyArray<TransitionNode> => {
  const walk = (node: TransitionNode, value: unknown): ReadonlyArray<TransitionNode> => {
    if (typeof value === "string") return [node, node.states[value]!]
    if (value === null || typeof value !== "object") return [node]
    return [node, ...Object.entries(value).flatMap(([key, inner]) => walk(node.states[key]!, inner))]
  }
  return walk(caseLifecycle.root as unknown as TransitionNode, snapshot.value)
}

/** The guards of the transitions the active states have for a command type; null when none has one. */
const guardsFor = (snapshot: CaseLifecycleSnapshot, type: CaseCommandType): ReadonlyArray<RuleName | null> | null => {
  const found = activeNodes(snapshot).flatMap((node) => node.on[type] ?? [])
  if (found.length === 0) return null
  return found.map((t) => (typeof t.guard === "string" && t.guard in rules ? (t.guard as RuleName) : null))
}

/** The refusal of a command that has no transition where the case stands and no more precise reason. */
export const NOT_NOW = "Esta acción no corresponde ahora"

/** Why a command has no transition where the case stands. */
const notNow = (facts: CaseFacts, type: CaseCommandType): string => {
  if (facts.number === 0) return "El caso aún no existe"
  if (type === "open") return "El caso ya existe"
  if (facts.status.isClosed) return "El caso está cerrado: reábralo para modificarlo"
  if (type === "reopen") return "El caso ya está abierto"
  const kind = assignmentKindOf(facts)
  const one = kind === null ? null : facts[kind]
  switch (type) {
    case "assignProvider":
      return kind === null ? NOT_NOW : `Anule ${sentNoun[kind].slice(2)} enviado antes de enviar otro`
    case "undo":
      return "Una visita confirmada, completada o anulada no vuelve atrás"
    case "requestRefund":
      return facts.refund === null ? NOT_NOW : `El caso ya tiene un reembolso (${facts.refund.status.toLowerCase()})`
    case "amendRefund":
    case "approveRefund":
    case "rejectRefund":
      return facts.refund === null ? "El caso no tiene un reembolso" : `El reembolso ya está ${facts.refund.status.toLowerCase()}`
    case "payRefund":
      return facts.refund === null ? "El caso no tiene un reembolso" : "Solo se paga un reembolso aprobado"
    default:
      break
  }
  if (kind === null || one === null) return "Aún no se envía un especialista ni una alianza"
  if (one.cancel) return `${sentName[kind]} fue anulad${kind === "specialist" ? "o" : "a"}: envíe a alguien más`
  switch (type) {
    case "confirmAssignment":
      return "La visita ya está confirmada"
    case "completeAssignment":
      return one.completed ? "El servicio ya está completado" : "Confirme la visita antes de completar el servicio"
    case "qualify":
      return "Califique el servicio una vez completado"
    case "cancelAssignment":
      return "Un servicio completado no se puede anular"
    case "schedule":
      return "El servicio ya se completó"
    default:
      return NOT_NOW
  }
}

/** Why the lifecycle refuses a command where the case stands, or null when it takes it. */
export const refusalOf = (snapshot: CaseLifecycleSnapshot, command: CaseCommandBy): string | null => {
  if (snapshot.can(command)) return null
  const guards = guardsFor(snapshot, command.type)
  if (guards === null) return notNow(snapshot.context.facts, command.type)
  for (const name of guards) {
    const why = name === null ? null : firstReason(rules[name], snapshot.context.facts, command, ["who", "case", "command"])
    if (why !== null) return why
  }
  return NOT_NOW
}

export type CaseDecision =
  { readonly refusal: string } | { readonly refusal: null; readonly snapshot: CaseLifecycleSnapshot; readonly changes: ReadonlyArray<CaseChange> }

/** Decides one command: the events it appends and where it leaves the case, or why not. */
export const decide = (snapshot: CaseLifecycleSnapshot, command: CaseCommandBy): CaseDecision => {
  const refusal = refusalOf(snapshot, command)
  if (refusal !== null) return { refusal }
  const [next, actions] = transition(caseLifecycle, snapshot, command)
  // Emitted events are among the actions; their type is not in the actions' declared union.
  const made = actions.flatMap((a) => ((a.type as string) === "xstate.emit" ? [(a.params as unknown as { readonly event: CaseRecorded }).event.change] : []))
  return { refusal: null, snapshot: next, changes: made }
}

/** Decides commands one after the other; the first refusal stops them all. */
export const decideAll = (snapshot: CaseLifecycleSnapshot, commands: ReadonlyArray<CaseCommandBy>): CaseDecision =>
  commands.reduce<CaseDecision>(
    (done, command) => {
      if (done.refusal !== null) return done
      const next = decide(done.snapshot, command)
      return next.refusal !== null ? next : { refusal: null, snapshot: next.snapshot, changes: [...done.changes, ...next.changes] }
    },
    { refusal: null, snapshot, changes: [] }
  )

/** A step as a case's page or `palma case <n> steps` offers it: null `refusal` when this role may take it. */
export interface CaseStepOption {
  readonly step: CaseStep
  readonly refusal: string | null
}

/**
 * The steps where the case stands: those the states allow and the case's facts admit (a step
 * that needs another procedure is not offered); one the role may not take keeps the reason why.
 */
export const stepsOf = (snapshot: CaseLifecycleSnapshot, role: Role): ReadonlyArray<CaseStepOption> =>
  caseSteps.flatMap((step) => {
    const guards = guardsFor(snapshot, step)
    if (guards === null) return []
    // The probe carries no data: only checks of who sends and of the case are asked.
    const probe = { type: step, role } as unknown as CaseCommandBy
    const facts = snapshot.context.facts
    const open = guards.filter((name) => name === null || firstReason(rules[name], facts, probe, ["case"]) === null)
    if (open.length === 0) return []
    const refusals = open.map((name) => (name === null ? null : firstReason(rules[name], facts, probe, ["who"])))
    return [{ step, refusal: refusals.includes(null) ? null : refusals[0]! }]
  })
