import type { MasterName } from "@palma/core"
import type { Schema } from "effect"
import type { ReactNode } from "react"

/** How a screen names what it lists, to build its Spanish texts ("Nueva familia", "Documento creado"). */
export interface Noun {
  /** Lower case, singular: "familia", "tipo de valor". */
  readonly singular: string
  readonly gender: "f" | "m"
}

/** What input a field renders; pickers load their options from the API. */
export type FieldKind = "text" | "textarea" | "number" | "letter" | "family" | "valueType"

/** One form field, named as in the contract's Input schema. */
export interface Field<I> {
  readonly name: keyof I & string
  readonly label: string
  readonly kind: FieldKind
  /** Optional fields get no asterisk; the schema still decides what is valid. */
  readonly optional?: boolean
  /** Help text under the input. */
  readonly hint?: string
}

/** One table column; `sortable` columns must be among the server's sortable fields. */
export interface Column<A> {
  readonly key: keyof A & string
  readonly label: string
  readonly sortable?: boolean
  readonly render?: (item: A) => ReactNode
  /** Right-aligned, for numbers. */
  readonly numeric?: boolean
}

/** Everything a master screen declares; the kit does the rest. */
export interface ResourceConfig<A extends { readonly id: string }, I> {
  /** The contract group (`/api/<name>/…`). */
  readonly name: MasterName
  /** Page title, plural: "Familias". */
  readonly title: string
  readonly noun: Noun
  /** The contract's Input schema: the form decodes with it before sending. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any wire shape: only the decoded side is used
  readonly input: Schema.Schema<I, any>
  readonly columns: ReadonlyArray<Column<A>>
  readonly fields: ReadonlyArray<Field<I>>
  /** The server's default sort (its first sortable field). */
  readonly defaultSort: keyof A & string
  /** Shows a family filter kept in the URL (`family`). */
  readonly familyFilter?: boolean
  /** How an item is named in buttons and dialogs; defaults to its `name`. */
  readonly itemName?: (item: A) => string
}
