import { Effect } from "effect"
import { type Actor, type CaseChange, type CaseFacts, canMoveRefund, Conflict, Forbidden } from "@palma/core"

const supervises = (actor: Actor) => actor.role === "moderator" || actor.role === "admin"

/**
 * What a user may do to a case (DESIGN §3, issue 12): operators open and work cases; moderating a
 * refund and reopening a closed case are a moderator's or an admin's; a closed case changes only
 * by reopening it; a refund moves Pendiente → Aprobado | Rechazado → (Aprobado) Reembolsado and the amounts
 * asked for change only while Pendiente.
 */
export const checkChanges = (current: CaseFacts, changes: ReadonlyArray<CaseChange>, actor: Actor): Effect.Effect<void, Forbidden | Conflict> =>
  Effect.gen(function* () {
    const reopens = changes.some((c) => c.type === "reopened")
    if (reopens && !supervises(actor)) return yield* new Forbidden({ message: "Solo un moderador o un administrador puede reabrir un caso" })
    if (current.status.isClosed && !reopens && changes.some((c) => c.type !== "closed")) {
      return yield* new Conflict({ message: "El caso está cerrado: reábralo para modificarlo" })
    }
    let status = current.refund?.status ?? "Pendiente"
    const asked = (r: { readonly required: number | null }, i: { readonly required: number | null }) => `${r.required}/${i.required}`
    const requested = current.refund === null ? null : asked(current.refund.amount, current.refund.imed)
    for (const change of changes) {
      // What was paid back is recorded at any time; what was asked for only while it is pending.
      if (change.type === "refundAmended" && status !== "Pendiente" && asked(change.payload.amount, change.payload.imed) !== requested) {
        return yield* new Conflict({ message: `El reembolso ya está ${status.toLowerCase()}: su monto no se puede cambiar` })
      }
      if (change.type === "refundStatusChanged") {
        if (!supervises(actor)) return yield* new Forbidden({ message: "Solo un moderador o un administrador puede aprobar, rechazar o pagar un reembolso" })
        if (!canMoveRefund(change.payload.from, change.payload.to)) {
          return yield* new Conflict({ message: `Un reembolso ${change.payload.from.toLowerCase()} no puede pasar a ${change.payload.to.toLowerCase()}` })
        }
        status = change.payload.to
      }
    }
  })
