import { Select, type ComboboxItem, type OptionsFilter, type SelectProps } from "@mantine/core"
import { useMemo, useState, type KeyboardEvent } from "react"
import { byFoldedLabel } from "./foldedFilter"

type TypeAheadSelectProps = Omit<SelectProps, "data" | "value" | "onChange" | "filter" | "searchable"> & {
  readonly data: ReadonlyArray<ComboboxItem>
  readonly value: string | null
  readonly onChange: (value: string | null) => void
  readonly filter?: OptionsFilter
}

const isItem = (option: unknown): option is ComboboxItem => typeof option === "object" && option !== null && "value" in option

/**
 * A searchable select for people on the keyboard: what they typed, Enter (or leaving the field)
 * takes the first option that matches it, the one highlighted. Mantine's own "first option" index
 * is set by effects and timers that race with fast typing (Enter then submitted the form, and Tab
 * after a choice could pick the list's first option), so the match is computed here from the text.
 * Arrow keys still choose any other option through Mantine.
 */
export const TypeAheadSelect = ({ data, value, onChange, filter = byFoldedLabel, limit, onBlur, ...props }: TypeAheadSelectProps) => {
  const [search, setSearch] = useState("")
  const [opened, setOpened] = useState(false)
  const [navigated, setNavigated] = useState(false)
  const chosenLabel = data.find((option) => option.value === value)?.label ?? ""
  const typed = search.trim() !== "" && search !== chosenLabel
  const first = useMemo(() => {
    if (!typed) return null
    const matches = filter({ options: [...data], search, limit: limit ?? Infinity }).flatMap((option) => ("items" in option ? option.items : [option]))
    return matches.find(isItem) ?? null
  }, [typed, filter, data, search, limit])

  const take = (option: ComboboxItem) => {
    setOpened(false)
    if (option.value !== value) onChange(option.value)
    else setSearch(option.label)
  }
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") setNavigated(true)
    if (event.key !== "Enter" || navigated || !typed) return
    // Ours alone: Mantine's handler would act on its own (possibly stale) index, and the form must not
    // submit. Stopped in the capture phase, the key never reaches the bubbling handlers (Mantine's, the form's).
    event.preventDefault()
    event.stopPropagation()
    if (first !== null) take(first)
  }

  return (
    <Select
      {...props}
      data={data}
      value={value}
      onChange={onChange}
      filter={filter}
      limit={limit}
      searchable
      allowDeselect={false}
      selectFirstOptionOnChange
      searchValue={search}
      onKeyDownCapture={onKeyDownCapture}
      onSearchChange={(next) => {
        setSearch(next)
        setNavigated(false)
      }}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onBlur={(event) => {
        if (typed && !navigated && first !== null) take(first)
        onBlur?.(event)
      }}
    />
  )
}
