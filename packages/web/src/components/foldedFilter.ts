import type { ComboboxItem, ComboboxParsedItem, ComboboxParsedItemGroup, OptionsFilter } from "@mantine/core"

/** Text as compared by a search: case and accents do not matter ("concepcion" finds "Concepción"). */
export const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()

const isGroup = (option: ComboboxParsedItem): option is ComboboxParsedItemGroup => "group" in option

/** A select's filter that ignores case and accents, over plain options or options grouped (by family, by region). */
export const byFoldedLabel: OptionsFilter = ({ options, search }) => {
  const term = folded(search.trim())
  if (term === "") return options
  const matches = (option: ComboboxItem) => folded(option.label).includes(term)
  return options.flatMap((option): ComboboxParsedItem[] => {
    if (!isGroup(option)) return matches(option) ? [option] : []
    const items = option.items.filter(matches)
    return items.length === 0 ? [] : [{ ...option, items }]
  })
}
