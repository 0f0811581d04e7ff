import { type CaseView, formatDate } from "@palma/core"

const person = (p: { readonly name: string; readonly paternalLastName: string; readonly maternalLastName: string; readonly rut: string }) =>
  `${[p.name, p.paternalLastName, p.maternalLastName].filter((s) => s !== "").join(" ")} (${p.rut})`

/** The case as an operator reads it on the phone: who, what, where it stands, and its history. */
export const describeCase = (c: CaseView) => {
  const money = (n: number | null) => (n === null ? "—" : `$${n.toLocaleString("es-CL")}`)
  const lines = [
    `Caso N° ${c.case_number} — ${c.stage.name}${c.status.isClosed ? " (cerrado)" : ""}`,
    `  Abierto: ${c.date} ${c.time}`,
    ...(c.retail ? [`  Canal: ${c.retail.name}`] : []),
    ...(c.policy ? [`  Póliza: ${c.policy.number} (${formatDate(c.policy.startDate)} a ${formatDate(c.policy.endDate)})`] : []),
    ...(c.insured ? [`  Titular: ${person(c.insured)}`] : []),
    ...(c.beneficiary ? [`  Carga: ${person(c.beneficiary)}`] : []),
    ...(c.product ? [`  Producto: ${c.product.name}`] : []),
    ...(c.assistance ? [`  Servicio: ${c.assistance.name} (usado en el período: ${c.assistance.used.events} evento(s))`] : []),
    ...(c.event ? [`  Evento: ${formatDate(c.event.date)}${c.event.location ? `, ${c.event.location}` : ""} — ${c.event.description}`] : []),
    ...(c.specialist
      ? [
          `  Especialista: ${c.specialist.specialist_name}${c.specialist.cancel ? " (anulado)" : c.specialist.completed ? " (completado)" : c.specialist.confirmed ? " (confirmado)" : ""}`
        ]
      : []),
    ...(c.alliance ? [`  Alianza: ${c.alliance.partner_name}${c.alliance.cancel ? " (anulada)" : c.alliance.completed ? " (completada)" : ""}`] : []),
    ...(c.refund
      ? [
          `  Reembolso: ${c.refund.status} · solicitado ${money(c.refund.amount.required ?? c.refund.imed.required)} · pagado ${money(c.refund.amount.refunded ?? c.refund.imed.refunded)}`
        ]
      : []),
    ...(c.status.isClosed || c.status.description ? [`  Cierre: ${c.status.description}`] : []),
    "  Historial (más reciente primero):",
    ...c.history.map((h) => `    ${h.date} ${h.time}  ${h.name}`),
    ""
  ]
  return lines.join("\n")
}
