import { Select } from "@mantine/core"
import type { CSSProperties } from "react"
import type { Picker } from "./options"

interface FamilyFilterProps {
  readonly picker: Picker
  readonly value: string | null
  readonly onChange: (family: string | null) => void
  readonly style: CSSProperties
}

/** A list's family filter: searchable, clearable, its options from the screen's picker. */
export const FamilyFilter = ({ picker, value, onChange, style }: FamilyFilterProps) => {
  const list = picker.useOptions()
  return (
    <Select
      aria-label="Filtrar por familia"
      placeholder={list.status === "loading" ? picker.texts.loading : picker.texts.all}
      data={list.options.map((o) => ({ ...o }))}
      value={value}
      onChange={onChange}
      error={list.status === "error" ? picker.texts.failed : undefined}
      clearable
      clearButtonProps={{ "aria-label": "Quitar filtro de familia" }}
      searchable
      openOnFocus={false}
      nothingFoundMessage="Sin resultados"
      style={style}
    />
  )
}
