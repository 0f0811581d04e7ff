import { Badge, Group, Select, Stack, Text } from "@mantine/core"
import { useState } from "react"
import { OrderedList } from "../../kit"
import type { ValueOption } from "./useFamilyMembers"

export interface ValuePickerProps {
  /** Value ids in the order they are asked. */
  readonly chosen: ReadonlyArray<string>
  /** The family's values; empty until a family is chosen. */
  readonly options: ReadonlyArray<ValueOption>
  readonly placeholder: string
  readonly disabled: boolean
  /** Message of the list, and of each value by its position. */
  readonly error?: string
  readonly itemError: (index: number) => string | undefined
  readonly onAdd: (id: string) => void
  readonly onMove: (from: number, to: number) => void
  readonly onRemove: (index: number) => void
}

/** The values a case of this assistance asks, in order: added from the family's values, moved with Subir / Bajar. */
export const ValuePicker = ({ chosen, options, placeholder, disabled, error, itemError, onAdd, onMove, onRemove }: ValuePickerProps) => {
  const [search, setSearch] = useState("")
  const byId = new Map(options.map((o) => [o.value, o]))
  const labelOf = (id: string) => byId.get(id)?.label ?? "Valor no disponible"
  const available = options.filter((o) => !chosen.includes(o.value)).map((o) => ({ value: o.value, label: o.label }))
  return (
    <Stack gap="xs">
      <Select
        label="Agregar valor"
        description="Se preguntan al abrir un caso, en este orden"
        placeholder={placeholder}
        data={available}
        value={null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(id) => {
          if (id !== null) onAdd(id)
          setSearch("")
        }}
        disabled={disabled}
        error={error}
        searchable
        nothingFoundMessage={options.length > 0 && available.length === 0 ? "Ya se agregaron todos los valores" : "Sin resultados"}
      />
      <OrderedList
        label="Valores a capturar"
        items={chosen}
        keyOf={(id) => id}
        nameOf={labelOf}
        render={(id, index) => (
          <Stack gap={2} mt={6}>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={500} truncate>
                {labelOf(id)}
              </Text>
              {byId.get(id) !== undefined && (
                <Badge size="sm" variant="outline" color="gray" tt="none">
                  {byId.get(id)?.type}
                </Badge>
              )}
            </Group>
            {itemError(index) !== undefined && (
              <Text size="xs" c="red">
                {itemError(index)}
              </Text>
            )}
          </Stack>
        )}
        onMove={onMove}
        onRemove={onRemove}
        empty="Aún no se pide ningún valor."
      />
    </Stack>
  )
}
