import { Button, Table } from "@mantine/core"
import { type CustomerOrigin, formatAmount, formatDate } from "@palma/core"
import { formatDerived, frequencyText } from "../../lib/people/amounts"
import { PolicyStatus } from "../../lib/people/PolicyStatus"

interface SubscriptionsTableProps {
  readonly origins: ReadonlyArray<CustomerOrigin>
  readonly selected: number | null
  readonly onSelect: (subscription_id: number) => void
}

/** A contractor's subscriptions: plan, channel, policy, period, price and balance; one is shown below. */
export const SubscriptionsTable = ({ origins, selected, onSelect }: SubscriptionsTableProps) => (
  <Table.ScrollContainer minWidth={900}>
    <Table aria-label="Suscripciones" verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Plan</Table.Th>
          <Table.Th>Canal</Table.Th>
          <Table.Th>Póliza</Table.Th>
          <Table.Th>Inicio</Table.Th>
          <Table.Th>Término</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th ta="right">Precio</Table.Th>
          <Table.Th ta="right">Saldo</Table.Th>
          <Table.Th>Personas</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {origins.map((o) => {
          const period = { startDate: o.dates.init, endDate: o.dates.end }
          const balance = o.balance[0]
          const shown = o.subscription_id === selected
          return (
            <Table.Tr key={o.subscription_id} bg={shown ? "var(--mantine-primary-color-light)" : undefined}>
              <Table.Td>{o.product.name}</Table.Td>
              <Table.Td>{o.name}</Table.Td>
              <Table.Td>{o.policy}</Table.Td>
              <Table.Td>{formatDate(o.dates.init)}</Table.Td>
              <Table.Td>{formatDate(o.dates.end)}</Table.Td>
              <Table.Td>
                <PolicyStatus period={period} />
              </Table.Td>
              <Table.Td ta="right">
                {formatAmount(o.price.value)}
                {o.price.frequency === "" ? "" : ` ${frequencyText(o.price.frequency).toLowerCase()}`}
              </Table.Td>
              <Table.Td ta="right">{balance === undefined ? "—" : formatDerived(balance.balance)}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant={shown ? "filled" : "light"}
                  aria-pressed={shown}
                  aria-label={`Ver asegurados de la póliza ${o.policy}`}
                  onClick={() => onSelect(o.subscription_id)}
                >
                  Ver
                </Button>
              </Table.Td>
            </Table.Tr>
          )
        })}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
)
