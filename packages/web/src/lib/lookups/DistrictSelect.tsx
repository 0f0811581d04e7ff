import { type ComboboxItem, type OptionsFilter, Select, type SelectProps } from "@mantine/core"
import { useMemo } from "react"
import { useDistricts } from "./useDistricts"
import { districtLabel, findDistrict, folded } from "./districtOptions"

/** Finds comunas by any part of "Comuna — Región", ignoring case and accents. */
const byFoldedLabel: OptionsFilter = ({ options, search }) => {
  const term = folded(search.trim())
  return term === "" ? options : (options as ComboboxItem[]).filter((option) => folded(option.label).includes(term))
}

type DistrictSelectProps = Omit<SelectProps, "data" | "value" | "onChange"> & {
  /** The comuna's CUT code, or null. */
  readonly value: string | null
  readonly onChange: (code: string | null) => void
}

/** A searchable picker of Chile's 346 comunas (loaded once by the layout), each shown with its region. */
export const DistrictSelect = ({ value, onChange, error, ...props }: DistrictSelectProps) => {
  const { districts, loading, error: failure } = useDistricts()
  const data = useMemo(() => districts.map((d) => ({ value: d.id, label: districtLabel(d) })), [districts])
  // The stored code may be written with or without its leading zero: select the list's own.
  const selected = findDistrict(districts, value)?.id ?? null
  return (
    <Select
      {...props}
      data={data}
      value={selected}
      onChange={onChange}
      searchable
      clearable
      clearButtonProps={{ "aria-label": "Quitar comuna" }}
      filter={byFoldedLabel}
      limit={60}
      nothingFoundMessage="Ninguna comuna coincide"
      placeholder={loading ? "Cargando comunas…" : "Escriba para buscar…"}
      error={error ?? (failure !== null ? "No se pudo cargar la lista de comunas" : undefined)}
    />
  )
}
