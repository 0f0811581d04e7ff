import { Schema } from "effect"
import { Choice } from "./common.js"
import { Clp } from "./money.js"
import { Timestamp } from "./time.js"

/** A refund's statuses, in the order a refund goes through them. */
export const refundStatuses = ["Pendiente", "Aprobado", "Rechazado", "Reembolsado"] as const
export const refundStatusMessage = "Estado de reembolso inválido: Pendiente, Aprobado, Rechazado o Reembolsado"
export const RefundStatus = Choice(refundStatuses, refundStatusMessage)
export type RefundStatus = typeof RefundStatus.Type

/** Money paid back to the insured, in pesos. */
export const Refund = Schema.Struct({
  amount: Clp,
  status: RefundStatus,
  description: Schema.String,
  requestedAt: Timestamp
})
export type Refund = typeof Refund.Type

/** Pendiente → Aprobado | Rechazado → (Aprobado) Reembolsado; the other states are final. */
export const refundTransitions: Record<RefundStatus, ReadonlyArray<RefundStatus>> = {
  Pendiente: ["Aprobado", "Rechazado"],
  Aprobado: ["Reembolsado"],
  Rechazado: [],
  Reembolsado: []
}

export const canMoveRefund = (from: RefundStatus, to: RefundStatus): boolean => refundTransitions[from].includes(to)

/** Refunds that consume coverage: what was asked and not refused. */
export const countsAgainstCoverage = (status: RefundStatus): boolean => status !== "Rechazado"
