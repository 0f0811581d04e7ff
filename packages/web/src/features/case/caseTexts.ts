import { assignmentKindOf, type CaseStep, type CaseView, formatClp, formatInstant } from "@palma/core"
import { type Noun, ofThe } from "../../kit"

export interface StepTexts {
  /** The button that opens the step's confirmation. */
  readonly label: string
  /** The confirmation's question. */
  readonly question: string
  /** The description the step asks for, if it asks for one. */
  readonly note: string | null
  /** The toast once done. */
  readonly done: string
}

const sent = (view: CaseView): Noun =>
  assignmentKindOf(view) === "alliance" ? { singular: "alianza", gender: "f" } : { singular: "especialista", gender: "m" }
const who = (view: CaseView) => `${sent(view).gender === "f" ? "la" : "el"} ${sent(view).singular}`
const refundAmount = (view: CaseView) => {
  const asked = view.refund?.amount.required ?? view.refund?.imed.required ?? null
  return asked === null ? "" : ` de ${formatClp(asked)}`
}

/** What each step says on the case page, in Spanish, for this case. */
export const stepTexts = (step: CaseStep, view: CaseView): StepTexts => {
  const procedure = view.procedure_code
  const sendsPartner = procedure === "alliance"
  switch (step) {
    case "chooseProcedure":
      return view.procedure_id === null
        ? { label: "Definir procedimiento", question: "¿Cómo se resolverá el caso?", note: null, done: "Procedimiento definido" }
        : { label: "Cambiar procedimiento", question: "¿Cómo se resolverá el caso ahora?", note: null, done: "Procedimiento cambiado" }
    case "assignProvider":
      return sendsPartner
        ? { label: "Asignar alianza", question: "Elija la alianza que atenderá el caso.", note: null, done: "Alianza asignada" }
        : { label: "Asignar especialista", question: "Elija el especialista que atenderá el caso.", note: null, done: "Especialista asignado" }
    case "schedule":
      return { label: "Agendar visita", question: `¿Cuándo visitará ${who(view)}?`, note: null, done: "Visita agendada" }
    case "qualify":
      return { label: "Calificar servicio", question: `¿Cómo fue el servicio ${ofThe(sent(view))}?`, note: null, done: "Servicio calificado" }
    case "requestRefund":
      return procedure === "imed"
        ? { label: "Solicitar descuento IMED", question: "¿Qué descuento IMED se solicita?", note: null, done: "Descuento IMED solicitado" }
        : { label: "Solicitar reembolso", question: "¿Qué monto se solicita reembolsar?", note: null, done: "Reembolso solicitado" }
    case "close":
      return { label: "Cerrar caso", question: `¿Cerrar el caso N° ${view.case_number}?`, note: "Descripción del cierre", done: "Caso cerrado" }
    case "reopen":
      return { label: "Reabrir caso", question: `¿Reabrir el caso N° ${view.case_number}?`, note: "Motivo de la reapertura", done: "Caso reabierto" }
    case "approveRefund":
      return { label: "Aprobar reembolso", question: `¿Aprobar el reembolso${refundAmount(view)}?`, note: null, done: "Reembolso aprobado" }
    case "rejectRefund":
      return { label: "Rechazar reembolso", question: `¿Rechazar el reembolso${refundAmount(view)}?`, note: null, done: "Reembolso rechazado" }
    case "payRefund":
      return {
        label: "Marcar reembolso pagado",
        question: `¿Marcar como pagado el reembolso${refundAmount(view)}? Si se pagó menos, indique cuánto.`,
        note: null,
        done: "Reembolso pagado"
      }
    case "confirmAssignment":
      return { label: "Confirmar visita", question: `¿Confirmar la visita ${ofThe(sent(view))}?`, note: null, done: "Visita confirmada" }
    case "completeAssignment":
      return {
        label: "Marcar servicio completado",
        question: `¿Marcar como completado el servicio ${ofThe(sent(view))}?`,
        note: null,
        done: "Servicio completado"
      }
    case "cancelAssignment":
      return {
        label: assignmentKindOf(view) === "alliance" ? "Anular alianza" : "Anular especialista",
        question: `¿Anular ${who(view)} ${sent(view).gender === "f" ? "asignada" : "asignado"} al caso?`,
        note: null,
        done: assignmentKindOf(view) === "alliance" ? "Alianza anulada" : "Especialista anulado"
      }
  }
}

/** A date-time of the case's history as people read it in Chile: "05-03-2024 14:30". */
export const whenOf = formatInstant
