import { Table } from "@mantine/core"
import { type CoverageCheck, formatAmount, formatClp, formatUfRate, type OfferedAssistance, ufSourceNote } from "@palma/core"

/** What the plan gives for the assistance, what was used in the period, and the pesos at the event's UF. */
export const CoverageSummary = ({ assistance, coverage }: { readonly assistance: OfferedAssistance; readonly coverage: CoverageCheck | null }) => {
  const { assigned, used } = assistance
  return (
    <Table aria-label={`Cobertura de ${assistance.name}`} withTableBorder>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">Monto del período</Table.Th>
          <Table.Td>
            {formatAmount(assigned.amount)}
            {assigned.currency === "U" && coverage?.assigned_clp ? ` (${formatClp(coverage.assigned_clp.amount)})` : ""}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Tope por evento</Table.Th>
          <Table.Td>
            {formatAmount(assigned.maximum)}
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
              {ufSourceNote(coverage.uf.source)}
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  )
}
