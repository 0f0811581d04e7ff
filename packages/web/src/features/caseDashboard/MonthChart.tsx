import "@mantine/charts/styles.css"
import { BarChart } from "@mantine/charts"
import { Table } from "@mantine/core"
import { type Dashboard, formatClp, monthLabel } from "@palma/core"

const nf = new Intl.NumberFormat("es-CL")

/** Named apart from the totals' «Abiertos ahora»: a month counts the cases opened in it, whatever they are now. */
const opened = "Abiertos en el mes"
const closed = "Cerrados en el mes"

/** Cases opened and closed per month (recharts, on this page only); the table beside it says the same in text. */
export const MonthChart = ({ months }: { readonly months: Dashboard["months"] }) => (
  <BarChart
    h={260}
    data={months.map((m) => ({ mes: monthLabel(m.month), opened: m.opened, closed: m.closed }))}
    dataKey="mes"
    series={[
      { name: "opened", label: opened, color: "blue.6" },
      { name: "closed", label: closed, color: "teal.6" }
    ]}
    withLegend
    valueFormatter={(n) => nf.format(n)}
    // Hidden from assistive technology (the table says the same), so nothing in it may take focus either.
    barChartProps={{ accessibilityLayer: false }}
    aria-hidden="true"
  />
)

/**
 * The months as a table: what the chart shows, for screen readers and for copying, with the refunds
 * paid and the IMED discounts applied (each with its amount) of the cases opened that month.
 */
export const MonthTable = ({ months }: { readonly months: Dashboard["months"] }) => (
  <Table.ScrollContainer minWidth={820}>
    <Table aria-label="Casos por mes" striped>
      <Table.Caption>Reembolsos y descuentos IMED de los casos abiertos en cada mes.</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Mes</Table.Th>
          <Table.Th ta="right">{opened}</Table.Th>
          <Table.Th ta="right">{closed}</Table.Th>
          <Table.Th ta="right">Reembolsos pagados</Table.Th>
          <Table.Th ta="right">Monto reembolsado</Table.Th>
          <Table.Th ta="right">Descuentos IMED aplicados</Table.Th>
          <Table.Th ta="right">Monto descontado IMED</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {months.map((m) => (
          <Table.Tr key={m.month}>
            <Table.Td>{monthLabel(m.month)}</Table.Td>
            <Table.Td ta="right">{nf.format(m.opened)}</Table.Td>
            <Table.Td ta="right">{nf.format(m.closed)}</Table.Td>
            <Table.Td ta="right">{nf.format(m.refunds)}</Table.Td>
            <Table.Td ta="right">{formatClp(m.refundAmount)}</Table.Td>
            <Table.Td ta="right">{nf.format(m.imedDiscounts)}</Table.Td>
            <Table.Td ta="right">{formatClp(m.imedAmount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
)
