import { MultiSelect, Select } from "@mantine/core"
import type { ReactNode } from "react"
import { focusableScroll } from "../comboboxScroll"
import { byFoldedLabel } from "../foldedFilter"
import { useSpecialtyGroups } from "./specialtyGroups"

const failed = "No se pudieron cargar las especialidades"

/** A provider's specialties, picked by family (each family a group of the list); typing narrows it, accents ignored. */
export const SpecialtyPicker = ({
  value,
  onChange,
  error
}: {
  readonly value: ReadonlyArray<string>
  readonly onChange: (ids: string[]) => void
  readonly error?: ReactNode
}) => {
  const { data, status } = useSpecialtyGroups()
  return (
    <MultiSelect
      label="Especialidades"
      description="Agrupadas por familia: escriba para buscar."
      required
      data={data}
      value={[...value]}
      onChange={onChange}
      searchable
      filter={byFoldedLabel}
      scrollAreaProps={focusableScroll}
      clearable
      clearButtonProps={{ "aria-label": "Quitar todas las especialidades" }}
      nothingFoundMessage="Ninguna especialidad coincide"
      placeholder={status === "loading" ? "Cargando especialidades…" : value.length === 0 ? "Elija una o más" : undefined}
      error={error ?? (status === "error" ? failed : undefined)}
    />
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
      scrollAreaProps={focusableScroll}
      clearable
      clearButtonProps={{ "aria-label": "Quitar filtro de especialidad" }}
      nothingFoundMessage="Ninguna especialidad coincide"
      error={status === "error" ? failed : undefined}
      style={{ flex: "0 1 16rem" }}
    />
  )
}
