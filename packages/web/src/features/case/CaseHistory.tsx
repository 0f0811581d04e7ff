import { Table, Text } from "@mantine/core"
import type { CaseHistoryEntry } from "@palma/core"
import { Section } from "../../kit"
import { whenOf } from "./caseTexts"

interface CaseHistoryProps {
  readonly history: ReadonlyArray<CaseHistoryEntry>
  /** Staff names by user id. */
  readonly names: Readonly<Record<string, string>>
  readonly stageNames: Readonly<Record<string, string>>
}

/** Every event of the case, newest first: when, who, what, and the stage it belongs to. */
export const CaseHistory = ({ history, names, stageNames }: CaseHistoryProps) => (
  <Section title="Historial">
    {history.length === 0 ? (
      <Text size="sm" c="dimmed">
        Sin eventos registrados.
      </Text>
    ) : (
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label="Historial del caso" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Usuario</Table.Th>
              <Table.Th>Acción</Table.Th>
              <Table.Th>Etapa</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((h) => (
              <Table.Tr key={h.version}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{whenOf(h.at)}</Table.Td>
                <Table.Td>{names[h.user] ?? "Usuario desconocido"}</Table.Td>
                <Table.Td>{h.name}</Table.Td>
                <Table.Td>{stageNames[h.code] ?? h.code}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    )}
  </Section>
)
