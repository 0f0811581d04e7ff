import { Text } from "@mantine/core"
import { assignmentKindOf, assignmentOf, type CaseView, formatClp, formatDate } from "@palma/core"
import { Section } from "../../kit"
import { Facts } from "./Facts"

const yesNo = (on: boolean) => (on ? "Sí" : "No")
const pesos = (n: number | null) => (n === null ? null : formatClp(n))

/** The case's procedure as it stands, read-only: the specialist or partner sent, the refund or IMED discount, the cost. */
export const ProcedurePanel = ({ view, procedureName }: { readonly view: CaseView; readonly procedureName: string | null }) => {
  const sent = assignmentOf(view)
  const partnerSent = assignmentKindOf(view) === "alliance"
  return (
    <Section title="Procedimiento">
      {view.procedure_id === null ? (
        <Text size="sm" c="dimmed">
          Aún no se define un procedimiento.
        </Text>
      ) : (
        <Facts items={[["Procedimiento", procedureName]]} />
      )}
      {sent !== null && (
        <Facts
          items={[
            partnerSent ? ["Alianza", view.alliance?.partner_name ?? null] : ["Especialista", view.specialist?.specialist_name ?? null],
            ["Especialidad", sent.specialty_name],
            [
              "Visita",
              sent.scheduled_date === null
                ? "Sin fecha"
                : `${formatDate(sent.scheduled_date)}${sent.scheduled_time === null ? "" : ` a las ${sent.scheduled_time}`}`
            ],
            ["Confirmada", yesNo(sent.confirmed)],
            ["Completada", yesNo(sent.completed)],
            ["Anulada", yesNo(sent.cancel)],
            ["Calificación", sent.qualification_name],
            ["Comentario", sent.comment]
          ]}
        />
      )}
      {view.refund !== null && (
        <Facts
          items={[
            ["Estado del reembolso", view.refund.status],
            ["Monto solicitado", pesos(view.refund.amount.required)],
            ["Monto reembolsado", pesos(view.refund.amount.refunded)],
            ["Descuento IMED solicitado", pesos(view.refund.imed.required)],
            ["Descuento IMED aplicado", pesos(view.refund.imed.refunded)],
            ["Comentario", view.refund.comment]
          ]}
        />
      )}
      {view.cost !== null && (
        <Facts
          items={[
            ["Costo", formatClp(view.cost.amount)],
            ["Costo adicional", formatClp(view.cost.extra)],
            ["Comentario del costo", view.cost.comment]
          ]}
        />
      )}
    </Section>
  )
}
