export interface Option {
  readonly value: string
  readonly label: string
}

export type OptionList =
  | { readonly status: "loading"; readonly options: ReadonlyArray<Option> }
  | { readonly status: "ready"; readonly options: ReadonlyArray<Option> }
  | { readonly status: "error"; readonly options: ReadonlyArray<Option> }

/**
 * Where a select's options come from: the screen passes one in (a shared lookup of the
 * session), so the kit itself knows no list.
 */
export interface Picker {
  /** A hook the select calls for its options. */
  readonly useOptions: () => OptionList
  readonly texts: { readonly loading: string; readonly failed: string; readonly all: string }
  /** The option an existing item points at, offered even if it is no longer active. */
  readonly current: (item: Readonly<Record<string, unknown>>) => Option | null
}

/** Options with `extra` added when missing (Mantine's Select wants fresh mutable objects). */
export const withOption = (options: ReadonlyArray<Option>, extra: Option | null) =>
  [...options, ...(extra !== null && !options.some((o) => o.value === extra.value) ? [extra] : [])].map((o) => ({ ...o }))
