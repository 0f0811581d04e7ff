import type { OptionList, Picker } from "../../kit"
import { useLookup } from "./useLookup"

const optionsOf = <A>(
  lookup: { status: OptionList["status"]; value: ReadonlyArray<A> | null },
  option: (a: A) => { value: string; label: string }
): OptionList => ({
  status: lookup.status,
  options: (lookup.value ?? []).map(option)
})

/** The active families, from the session's shared list; an item names its own as `family_id` and `family_name`. */
export const familyPicker: Picker = {
  useOptions: () => optionsOf(useLookup("families"), (f) => ({ value: f.id, label: f.name })),
  texts: { loading: "Cargando familias…", failed: "No se pudieron cargar las familias", all: "Todas las familias" },
  current: (item) => (typeof item.family_id === "string" ? { value: item.family_id, label: String(item.family_name ?? "") } : null)
}

/** The active value types by code (the seed's `valuetype_code`), from the session's shared list. */
export const valueTypePicker: Picker = {
  useOptions: () => optionsOf(useLookup("valueTypes"), (t) => ({ value: t.code, label: `${t.code} · ${t.name}` })),
  texts: { loading: "Cargando tipos de valor…", failed: "No se pudieron cargar los tipos de valor", all: "Todos los tipos" },
  current: (item) =>
    typeof item.valuetype_code === "string"
      ? { value: item.valuetype_code, label: [item.valuetype_code, item.valueType_name].filter(Boolean).join(" · ") }
      : null
}
