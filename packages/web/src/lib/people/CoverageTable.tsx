import { Table, Text } from "@mantine/core"
import { type CoverageLine, formatAmount } from "@palma/core"

const nf = new Intl.NumberFormat("es-CL")

/** What a plan covers: each assistance with its amount, its cap per event, events per period and waiting days (carencia). */
export const CoverageTable = ({ plan, assistances }: { readonly plan: string; readonly assistances: ReadonlyArray<CoverageLine> }) =>
  assistances.length === 0 ? (
    <Text size="sm" c="dimmed">
      El plan no tiene servicios.
    </Text>
  ) : (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={`Cobertura de ${plan}`} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Servicio</Table.Th>
            <Table.Th ta="right">Monto cubierto</Table.Th>
            <Table.Th ta="right">Tope por evento</Table.Th>
            <Table.Th ta="right">Eventos por período</Table.Th>
            <Table.Th ta="right">Carencia (días)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assistances.map((a) => (
            <Table.Tr key={a.name}>
              <Table.Td>{a.name}</Table.Td>
              <Table.Td ta="right">{formatAmount(a.amount)}</Table.Td>
              <Table.Td ta="right">{formatAmount(a.maximum)}</Table.Td>
              <Table.Td ta="right">{nf.format(a.events)}</Table.Td>
              <Table.Td ta="right">{nf.format(a.lack)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
