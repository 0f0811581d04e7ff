import { List, Text } from "@mantine/core"
import { type CaseView, formatAmount, formatClp, formatDate } from "@palma/core"
import { Section } from "../../kit"
import { Facts } from "./Facts"

const nf = new Intl.NumberFormat("es-CL")
const times = (n: number) => (n === 1 ? "1 evento" : `${nf.format(n)} eventos`)

/** What was asked for: the product and service, its coverage (assigned and used this period), the event and the values captured. */
export const CaseService = ({ view }: { readonly view: CaseView }) => {
  const assigned = view.assistance?.assigned ?? null
  const used = view.assistance?.used ?? null
  return (
    <Section title="Servicio y cobertura">
      <Facts
        items={[
          ["Producto", view.product?.name ?? null],
          ["Servicio", view.assistance?.name ?? null],
          [
            "Cobertura asignada",
            assigned === null
              ? null
              : `${formatAmount(assigned.amount)} en el período, tope por evento ${formatAmount(assigned.maximum)}, ${times(assigned.events)} · carencia ${nf.format(assigned.lack)} días`
          ],
          ["Usado en el período", used === null ? null : `${times(used.events)} · ${formatClp(used.total_amount)}`],
          ["Excepción de cobertura", view.coverageException ?? "Sin excepción"]
        ]}
      />
      <Text fw={600} mt="md" mb="xs">
        Evento
      </Text>
      <Facts
        items={[
          ["Fecha del evento", view.event === null ? null : formatDate(view.event.date)],
          ["Lugar", view.event?.location ?? null],
          ["Descripción", view.event?.description ?? null]
        ]}
      />
      <Text fw={600} mt="md" mb="xs">
        Valores
      </Text>
      {view.values.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin valores registrados.
        </Text>
      ) : (
        <List size="sm" aria-label="Valores del caso">
          {view.values.map((v) => (
            <List.Item key={v.id}>
              {v.name}: {v.value === "" ? "—" : v.value}
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  )
}
