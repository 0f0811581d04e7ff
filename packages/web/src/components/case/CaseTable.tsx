import { Anchor, Badge, Table } from "@mantine/core"
import { type CaseRow, chileDateOf, formatDate } from "@palma/core"
import { Link } from "react-router"
import { casePath } from "./paths"
import { stageLook } from "./stageColor"

/** One page of cases: number (a link to the case), opening date, channel, applicant, service and stage. */
export const CaseTable = ({ rows, loading }: { readonly rows: ReadonlyArray<CaseRow>; readonly loading: boolean }) => (
  <Table.ScrollContainer minWidth={720}>
    <Table aria-label="Casos encontrados" aria-busy={loading} highlightOnHover verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>N°</Table.Th>
          <Table.Th>Fecha</Table.Th>
          <Table.Th>Canal</Table.Th>
          <Table.Th>RUT</Table.Th>
          <Table.Th>Solicitante</Table.Th>
          <Table.Th>Servicio</Table.Th>
          <Table.Th>Etapa</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              <Anchor component={Link} to={casePath(row.id)} aria-label={`Caso ${row.number}`}>
                {row.number}
              </Anchor>
            </Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(chileDateOf(new Date(row.createddate)))}</Table.Td>
            <Table.Td>{row.customer_name}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{row.applicant_rut}</Table.Td>
            <Table.Td>{row.applicant_name}</Table.Td>
            <Table.Td>{row.assistance_name}</Table.Td>
            <Table.Td>
              <Badge {...stageLook(row.code)}>{row.stage_name}</Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
)
