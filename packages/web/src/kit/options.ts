import type { Call } from "@palma/core"
import { useEffect, useState } from "react"
import type { FieldKind } from "./types"

/** Field kinds whose options come from another master. */
export type PickerKind = Extract<FieldKind, "family" | "valueType">

export interface Option {
  readonly value: string
  readonly label: string
}

export type OptionList =
  | { readonly status: "loading"; readonly options: ReadonlyArray<Option> }
  | { readonly status: "ready"; readonly options: ReadonlyArray<Option> }
  | { readonly status: "error"; readonly options: ReadonlyArray<Option> }

const loaders: Record<PickerKind, (call: Call) => Promise<ReadonlyArray<Option>>> = {
  family: (call) => call((c) => c.family.list({ urlParams: {} })).then((items) => items.map((f) => ({ value: f.id, label: f.name }))),
  valueType: (call) => call((c) => c.valueType.list({ urlParams: {} })).then((items) => items.map((t) => ({ value: t.code, label: `${t.code} · ${t.name}` })))
}

export const pickerTexts: Record<PickerKind, { readonly loading: string; readonly failed: string; readonly all: string }> = {
  family: { loading: "Cargando familias…", failed: "No se pudieron cargar las familias", all: "Todas las familias" },
  valueType: { loading: "Cargando tipos de valor…", failed: "No se pudieron cargar los tipos de valor", all: "Todos los tipos" }
}

export const isPicker = (kind: FieldKind): kind is PickerKind => kind === "family" || kind === "valueType"

/**
 * Loads each picker's options once for the life of the screen (the filter and the form share
 * them), whatever the re-renders or StrictMode's double effects.
 */
export const usePickerOptions = (call: Call, kinds: ReadonlyArray<PickerKind>): Partial<Record<PickerKind, OptionList>> => {
  const [started] = useState(() => new Map<PickerKind, Promise<ReadonlyArray<Option>>>())
  const [lists, setLists] = useState<Partial<Record<PickerKind, OptionList>>>(() =>
    Object.fromEntries(kinds.map((k) => [k, { status: "loading", options: [] }]))
  )
  const wanted = [...new Set(kinds)].sort().join(",")
  useEffect(() => {
    let live = true
    for (const kind of wanted.split(",").filter(Boolean) as PickerKind[]) {
      let promise = started.get(kind)
      if (promise === undefined) {
        promise = loaders[kind](call)
        started.set(kind, promise)
      }
      promise.then(
        (options) => live && setLists((l) => ({ ...l, [kind]: { status: "ready", options } })),
        () => live && setLists((l) => ({ ...l, [kind]: { status: "error", options: [] } }))
      )
    }
    return () => {
      live = false
    }
  }, [call, started, wanted])
  return lists
}

/** The form field each picker fills: a family by id, a value type by its code (the seed's `valuetype_code`). */
export const pickerField: Record<PickerKind, string> = { family: "family_id", valueType: "valuetype_code" }

/** The option an existing item points at, from the names the list rows carry. */
export const currentOption = (kind: PickerKind, item: Record<string, unknown> | null): Option | null => {
  if (item === null) return null
  const value = item[pickerField[kind]]
  if (typeof value !== "string") return null
  const label = kind === "family" ? String(item.family_name ?? "") : [item.valuetype_code, item.valueType_name].filter(Boolean).join(" · ")
  return { value, label }
}

/** Options with `extra` added when missing (Mantine's Select wants fresh mutable objects). */
export const withOption = (options: ReadonlyArray<Option>, extra: Option | null) =>
  [...options, ...(extra !== null && !options.some((o) => o.value === extra.value) ? [extra] : [])].map((o) => ({ ...o }))
