import type { AssignmentKind, CaseFacts, RefundAmounts } from "./caseFacts.js"
import type { CaseChange } from "./caseEvent.js"
import { formatClp } from "./money.js"
import type { SeededStageCode } from "./stage.js"

/**
 * Where a case stands, derived from its facts, never stored apart from them: the furthest
 * seeded stage its events reached (DOMAIN "Stages of a case"). Logic keys on stage codes.
 */
export const stageOf = (facts: CaseFacts): SeededStageCode => {
  if (facts.status.isClosed) return "close"
  const procedure = facts.procedure?.code
  if (procedure === "specialist" && facts.specialist !== null) return facts.specialist.cancel ? "anulled_specialist" : "specialist"
  if (procedure === "alliance" && facts.alliance !== null) return facts.alliance.cancel ? "anulled_alliance" : "alliance"
  if (procedure === "refund" && facts.refund?.amount.required != null) return "refund"
  if (procedure === "imed" && facts.refund?.imed.required != null) return "imed"
  if (facts.files.length > 0) return "attachment"
  if (facts.event !== null) return "event"
  if (facts.service.assistance_id !== null) return "product"
  if (facts.parties.insured_id !== null) return "insured"
  return "applicant"
}

const assignmentStage = (kind: AssignmentKind, cancelled: boolean): SeededStageCode =>
  kind === "specialist" ? (cancelled ? "anulled_specialist" : "specialist") : cancelled ? "anulled_alliance" : "alliance"

/** The stage an event belongs to in the history (its `code`). */
export const stageOfChange = (change: CaseChange, procedureCode: string | null): SeededStageCode => {
  switch (change.type) {
    case "opened":
      return "applicant"
    case "partiesSet":
      return "insured"
    case "serviceSet":
    case "coverageExceptionSet":
    case "valuesSet":
      return "product"
    case "eventSet":
      return "event"
    case "filesSet":
      return "attachment"
    case "procedureSet": {
      const code = change.payload.procedure?.code
      return code === "specialist" || code === "alliance" || code === "refund" || code === "imed" ? code : "product"
    }
    case "assigned":
    case "scheduled":
    case "confirmed":
    case "completed":
    case "qualified":
      return assignmentStage(change.payload.kind, false)
    case "cancelled":
      return assignmentStage(change.payload.kind, change.payload.cancel)
    case "refundRequested":
    case "refundAmended":
    case "refundStatusChanged":
    case "costSet":
      return procedureCode === "imed" ? "imed" : "refund"
    case "closed":
    case "reopened":
      return "close"
  }
}

/** "del especialista", "de la alianza": Spanish contracts de + el. */
const who: Record<AssignmentKind, { readonly of: string }> = {
  specialist: { of: "del especialista" },
  alliance: { of: "de la alianza" }
}

const yesNo = (on: boolean, yes: string, no: string) => (on ? yes : no)

/** A refund's amounts as the history names them ("solicitado $38.500, reembolsado $38.500"). */
const refundAmounts = (amount: RefundAmounts, imed: RefundAmounts) => {
  const named: ReadonlyArray<readonly [string, number | null]> = [
    ["solicitado", amount.required],
    ["reembolsado", amount.refunded],
    ["IMED solicitado", imed.required],
    ["IMED aplicado", imed.refunded]
  ]
  const parts = named.flatMap(([name, pesos]) => (pesos === null ? [] : [`${name} ${formatClp(pesos)}`]))
  return parts.length === 0 ? "sin montos" : parts.join(", ")
}

/** How an event reads in the case's history, in Spanish. */
export const describeChange = (change: CaseChange): string => {
  switch (change.type) {
    case "opened":
      return "Caso abierto"
    case "partiesSet":
      return "Solicitante registrado"
    case "serviceSet":
      return "Servicio seleccionado"
    case "coverageExceptionSet":
      return change.payload.reason === null ? "Excepción de cobertura retirada" : `Excepción de cobertura: ${change.payload.reason}`
    case "eventSet":
      return "Evento registrado"
    case "valuesSet":
      return "Valores registrados"
    case "filesSet":
      return "Antecedentes actualizados"
    case "procedureSet":
      return "Procedimiento definido"
    case "assigned":
      return change.payload.kind === "specialist" ? "Especialista asignado" : "Alianza asignada"
    case "scheduled":
      return change.payload.scheduled_date === null
        ? `Visita ${who[change.payload.kind].of} sin fecha`
        : `Visita agendada para el ${change.payload.scheduled_date.split("-").reverse().join("-")}${change.payload.scheduled_time === null ? "" : ` a las ${change.payload.scheduled_time}`}`
    case "confirmed":
      return yesNo(change.payload.confirmed, `Visita ${who[change.payload.kind].of} confirmada`, `Confirmación ${who[change.payload.kind].of} retirada`)
    case "completed":
      return yesNo(change.payload.completed, `Servicio ${who[change.payload.kind].of} completado`, `Servicio ${who[change.payload.kind].of} reabierto`)
    case "qualified":
      return `Servicio ${who[change.payload.kind].of} calificado`
    case "cancelled":
      return yesNo(
        change.payload.cancel,
        change.payload.kind === "specialist" ? "Especialista anulado" : "Alianza anulada",
        change.payload.kind === "specialist" ? "Anulación del especialista retirada" : "Anulación de la alianza retirada"
      )
    case "refundRequested":
      return "Reembolso solicitado"
    case "refundAmended":
      return `Montos del reembolso: ${refundAmounts(change.payload.amount, change.payload.imed)}`
    case "refundStatusChanged":
      return `Reembolso: ${change.payload.from} → ${change.payload.to}`
    case "costSet":
      return "Costo registrado"
    case "closed":
      return "Caso cerrado"
    case "reopened":
      return "Caso reabierto"
  }
}
