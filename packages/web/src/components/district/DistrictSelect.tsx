import type { SelectProps } from "@mantine/core"
import { listLoadFailed } from "@palma/core"
import { useMemo } from "react"
import { useDistricts } from "../../lib/lookups/useDistricts"
import { TypeAheadSelect } from "../TypeAheadSelect"
import { districtLabel, findDistrict } from "./districtOptions"

type DistrictSelectProps = Omit<SelectProps, "data" | "value" | "onChange"> & {
  /** The comuna's CUT code, or null. */
  readonly value: string | null
  readonly onChange: (code: string | null) => void
}

/** A searchable picker of Chile's 346 comunas (loaded once by the layout), each shown with its region; Enter takes the first match. */
export const DistrictSelect = ({ value, onChange, error, ...props }: DistrictSelectProps) => {
  const { districts, loading, error: failure } = useDistricts()
  const data = useMemo(() => districts.map((d) => ({ value: d.id, label: districtLabel(d) })), [districts])
  // The stored code may be written with or without its leading zero: select the list's own.
  const selected = findDistrict(districts, value)?.id ?? null
  return (
    <TypeAheadSelect
      {...props}
      data={data}
      value={selected}
      onChange={onChange}
      clearable
      clearButtonProps={{ "aria-label": "Quitar comuna" }}
      limit={60}
      nothingFoundMessage="Ninguna comuna coincide"
      placeholder={loading ? "Cargando comunas…" : (props.placeholder ?? "Escriba para buscar…")}
      error={error ?? (failure !== null ? listLoadFailed("comunas") : undefined)}
    />
  )
}
