import { Checkbox, Fieldset, Select, SimpleGrid, Stack, Text } from "@mantine/core"
import { RetryAlert } from "../RetryAlert"
import type { ReactNode } from "react"
import { byFoldedLabel } from "../foldedFilter"
import { useSpecialtyGroups } from "./specialtyGroups"

const failed = "No se pudieron cargar las especialidades"

/**
 * A provider's specialties, picked by family: each family a group of boxes, so what a provider
 * does reads at a glance and every choice is one keystroke away.
 */
export const SpecialtyPicker = ({
  value,
  onChange,
  error
}: {
  readonly value: ReadonlyArray<string>
  readonly onChange: (ids: string[]) => void
  readonly error?: ReactNode
}) => {
  const { data, status, retry } = useSpecialtyGroups()
  // Each family's group holds only its own boxes; the others' choices are kept as they are.
  const setFamily = (ids: ReadonlyArray<string>, chosen: string[]) => onChange([...value.filter((id) => !ids.includes(id)), ...chosen])
  return (
    <Fieldset legend="Especialidades (al menos una)" variant="filled">
      <Stack gap="sm">
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        {status === "error" ? (
          <RetryAlert title={failed} message={null} onRetry={retry} compact />
        ) : status === "loading" ? (
          <Text size="sm" c="dimmed" role="status">
            Cargando especialidades…
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {data.map(({ group, items }) => {
              const ids = items.map((i) => i.value)
              return (
                <Checkbox.Group key={group} label={group} value={value.filter((id) => ids.includes(id))} onChange={(chosen) => setFamily(ids, chosen)}>
                  <Stack gap={4} mt={4}>
                    {items.map((item) => (
                      <Checkbox key={item.value} value={item.value} label={item.label} size="xs" />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  )
}

/** The list's specialty filter: one specialty, the families as groups. */
export const SpecialtyFilter = ({ value, onChange }: { readonly value: string | null; readonly onChange: (id: string | null) => void }) => {
  const { data, status } = useSpecialtyGroups()
  return (
    <Select
      aria-label="Filtrar por especialidad"
      placeholder={status === "loading" ? "Cargando especialidades…" : "Todas las especialidades"}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      filter={byFoldedLabel}
      clearable
      clearButtonProps={{ "aria-label": "Quitar filtro de especialidad" }}
      nothingFoundMessage="Ninguna especialidad coincide"
      error={status === "error" ? failed : undefined}
      style={{ flex: "0 1 16rem" }}
    />
  )
}
