import { Table, Text } from "@mantine/core"
import { type ContractorPayment, formatAmount, formatDate } from "@palma/core"
import { formatDerived, frequencyText } from "../../lib/people/amounts"

const nf = new Intl.NumberFormat("es-CL")

/** Per subscription: dues charged so far against dues paid, and their amounts (the balance is derived, never stored). */
export const PaymentsTable = ({ payments }: { readonly payments: ReadonlyArray<ContractorPayment> }) =>
  payments.length === 0 ? (
    <Text size="sm" c="dimmed">
      Sin pagos registrados.
    </Text>
  ) : (
    <Table.ScrollContainer minWidth={860}>
      <Table aria-label="Pagos" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Contratado</Table.Th>
            <Table.Th>Frecuencia</Table.Th>
            <Table.Th ta="right">Precio</Table.Th>
            <Table.Th ta="right">Asegurados</Table.Th>
            <Table.Th ta="right">Cuotas cobradas</Table.Th>
            <Table.Th ta="right">Monto cobrado</Table.Th>
            <Table.Th ta="right">Cuotas pagadas</Table.Th>
            <Table.Th ta="right">Monto pagado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.subscription_id}>
              <Table.Td>{p.product_name}</Table.Td>
              <Table.Td>{formatDate(p.createDate)}</Table.Td>
              <Table.Td>{frequencyText(p.frequency)}</Table.Td>
              <Table.Td ta="right">{formatAmount(p.price)}</Table.Td>
              <Table.Td ta="right">{nf.format(p.insured)}</Table.Td>
              <Table.Td ta="right">{nf.format(p.collected_dues)}</Table.Td>
              <Table.Td ta="right">{formatDerived(p.collected_amount)}</Table.Td>
              <Table.Td ta="right">{nf.format(p.paid_dues)}</Table.Td>
              <Table.Td ta="right">{formatDerived(p.paid_amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
