import { Table } from "@mantine/core"
import { type CoverageCheck, formatClp, formatUfRate, type OfferedAssistance } from "@palma/core"

const amount = (value: number | string, currency: "P" | "U") => (currency === "U" ? `${value} UF` : formatClp(Number(value)))

/** What the plan gives for the assistance, what was used in the period, and the pesos at the event's UF. */
export const CoverageSummary = ({ assistance, coverage }: { readonly assistance: OfferedAssistance; readonly coverage: CoverageCheck | null }) => {
  const { assigned, used } = assistance
  return (
    <Table aria-label={`Cobertura de ${assistance.name}`} withTableBorder>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">Monto del período</Table.Th>
          <Table.Td>
            {amount(assigned.amount, assigned.currency)}
            {assigned.currency === "U" && coverage?.assigned_clp ? ` (${formatClp(coverage.assigned_clp.amount)})` : ""}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Tope por evento</Table.Th>
          <Table.Td>
            {amount(assigned.maximum, assigned.currency)}
            {assigned.currency === "U" && coverage?.assigned_clp ? ` (${formatClp(coverage.assigned_clp.maximum)})` : ""}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Eventos usados</Table.Th>
          <Table.Td>
            {used.events} de {assigned.events}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Monto usado</Table.Th>
          <Table.Td>{formatClp(used.total_amount)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Carencia</Table.Th>
          <Table.Td>{assigned.lack} días</Table.Td>
        </Table.Tr>
        {coverage?.uf && (
          <Table.Tr>
            <Table.Th scope="row">UF del día</Table.Th>
            <Table.Td>
              {formatUfRate(coverage.uf.value)}
              {coverage.uf.stale ? " (último valor conocido)" : ""}
              {coverage.uf.source === "demo" ? " (serie de demostración)" : ""}
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  )
}
