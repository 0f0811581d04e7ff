import { Badge, Button, Group, Stack, Text } from "@mantine/core"
import type { RosterField } from "@palma/core"
import { PlusIcon } from "../../kit/icons"

const typeName: Record<string, string> = { D: "Fecha", S: "Texto corto", C: "Texto largo", N: "Número" }

const FieldGroup = ({
  title,
  fields,
  onAdd
}: {
  readonly title: string
  readonly fields: ReadonlyArray<RosterField>
  readonly onAdd: (field: string) => void
}) =>
  fields.length === 0 ? null : (
    <Stack gap={4}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {title}
      </Text>
      {fields.map((f) => (
        <Group key={f.field} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="sm" truncate>
              {f.label}
            </Text>
            {f.valueType_code !== null && (
              <Badge size="xs" variant="light" color="gray">
                {typeName[f.valueType_code] ?? f.valueType_code}
              </Badge>
            )}
          </Group>
          <Button variant="light" size="compact-xs" leftSection={<PlusIcon />} aria-label={`Agregar ${f.label}`} onClick={() => onAdd(f.field)}>
            Agregar
          </Button>
        </Group>
      ))}
    </Stack>
  )

/** The fields that are not columns yet: the person's and the plan's values. */
export const AvailableFields = ({ fields, onAdd }: { readonly fields: ReadonlyArray<RosterField>; readonly onAdd: (field: string) => void }) =>
  fields.length === 0 ? (
    <Text size="sm" c="dimmed">
      Todos los campos ya son columnas del archivo.
    </Text>
  ) : (
    <Stack gap="md">
      <FieldGroup title="Datos de la persona" fields={fields.filter((f) => f.kind === "person")} onAdd={onAdd} />
      <FieldGroup title="Valores del plan" fields={fields.filter((f) => f.kind === "value")} onAdd={onAdd} />
    </Stack>
  )
