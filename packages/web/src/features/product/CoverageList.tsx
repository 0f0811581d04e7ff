import { Select, Stack, Text } from "@mantine/core"
import { type ReactNode, useState } from "react"
import { type AssistanceOptions, groupedOptions } from "./useAssistanceOptions"

export interface CoverageListProps {
  readonly options: AssistanceOptions
  readonly family: string | null
  /** Assistance ids already in the product. */
  readonly taken: ReadonlyArray<string>
  readonly error?: string
  readonly onAdd: (assistance: { readonly id: string; readonly name: string }) => void
  readonly children: ReactNode
}

/** The product's assistances: one card each, and a picker to add another. */
export const CoverageList = ({ options, family, taken, error, onAdd, children }: CoverageListProps) => {
  const [search, setSearch] = useState("")
  const data = groupedOptions(options.items, family, taken)
  return (
    <Stack gap="sm">
      {taken.length === 0 && (
        <Text size="sm" c="dimmed">
          El producto aún no cubre ningún servicio.
        </Text>
      )}
      {children}
      <Select
        label="Agregar servicio"
        description="Los de la familia del producto aparecen primero"
        placeholder={options.status === "loading" ? "Cargando servicios…" : "Seleccione un servicio…"}
        data={data}
        value={null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(id) => {
          const found = options.items.find((a) => a.id === id)
          if (found !== undefined) onAdd({ id: found.id, name: found.name })
          setSearch("")
        }}
        error={error ?? (options.status === "error" ? "No se pudieron cargar los servicios" : undefined)}
        searchable
        nothingFoundMessage="Sin resultados"
      />
    </Stack>
  )
}
