import { Checkbox, Group, Stack, Text, TextInput } from "@mantine/core"
import { OrderedList } from "../../kit"
import type { Column } from "@palma/core"

interface ColumnsEditorProps {
  readonly columns: ReadonlyArray<Column>
  /** Messages beside a column's header, by index. */
  readonly headerErrors: Readonly<Record<number, string>>
  readonly onMove: (from: number, to: number) => void
  readonly onRemove: (index: number) => void
  readonly onRename: (index: number, header: string) => void
  readonly onRequire: (index: number, required: boolean) => void
}

/** The section's name, on the list and around it. */
export const COLUMNS_LABEL = "Columnas del archivo"

/**
 * The Excel's columns in order: the Palma field each feeds, the retail's header text for it, and
 * whether a row must fill it. RUT, nombre and apellido paterno are always there and always required.
 */
export const ColumnsEditor = ({ columns, headerErrors, onMove, onRemove, onRename, onRequire }: ColumnsEditorProps) => (
  <OrderedList
    label={COLUMNS_LABEL}
    items={columns}
    keyOf={(c) => c.field}
    nameOf={(c) => c.label}
    onMove={onMove}
    onRemove={onRemove}
    removable={(c) => !c.locked}
    empty="Aún no hay columnas."
    render={(column, index) => (
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Stack gap={0} w="11rem" mt={4} style={{ flexShrink: 0 }}>
          <Text size="sm" fw={500} truncate>
            {column.label}
          </Text>
          {column.locked && (
            <Text size="xs" c="dimmed">
              Siempre presente
            </Text>
          )}
        </Stack>
        <TextInput
          aria-label={`Encabezado de ${column.label}`}
          placeholder="Encabezado en el Excel"
          value={column.header}
          onChange={(event) => onRename(index, event.currentTarget.value)}
          maxLength={80}
          error={headerErrors[index]}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Checkbox
          mt={8}
          label="Obligatoria"
          aria-label={`Obligatoria: ${column.label}`}
          checked={column.required || column.locked}
          disabled={column.locked}
          onChange={(event) => onRequire(index, event.currentTarget.checked)}
        />
      </Group>
    )}
  />
)
