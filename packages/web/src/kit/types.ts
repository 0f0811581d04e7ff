import type { Call, MasterName, resourceActors } from "@palma/core"
import type { Schema } from "effect"
import type { ComponentType, ReactNode } from "react"
import type { Picker } from "./options"
import type { ResourceFormProps } from "./ResourceForm"

/** How a screen names what it lists, to build its Spanish texts ("Nueva familia", "Documento creado"). */
export interface Noun {
  /** Lower case, singular: "familia", "tipo de valor". */
  readonly singular: string
  readonly gender: "f" | "m"
}

/** What input a field renders; a select's options come from the picker the screen passes. */
export type FieldKind = "text" | "textarea" | "number" | "letter" | "select"

/** One form field, named as in the contract's Input schema. */
export type Field<I> = FieldCommon<I> & ({ readonly kind: Exclude<FieldKind, "select"> } | { readonly kind: "select"; readonly picker: Picker })

interface FieldCommon<I> {
  readonly name: keyof I & string
  readonly label: string
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

/** A filter of a list beyond search and family (a specialty, a comuna…). */
export interface ListFilter {
  /** The URL's and the server's parameter name (`specialty_id`). */
  readonly key: string
  /** The control: its value (null: not filtered) and how to change it; it names itself for screen readers. */
  readonly Control: ComponentType<{ readonly value: string | null; readonly onChange: (value: string | null) => void }>
}

/** The list and write actors of core's resource machine. */
export type ResourceActors<A extends { readonly id: string }> = ReturnType<typeof resourceActors<A>>

/**
 * Where a screen's data comes from: a master group of the contract (`/api/<name>/page`…), or
 * actors of its own for groups shaped otherwise (core's catalog actors). The name is also the
 * resource whose writes make the session's shared lists stale.
 */
export type ResourceSource<A extends { readonly id: string }> =
  | {
      /** The contract group (`/api/<name>/…`). */
      readonly name: MasterName
      readonly actors?: undefined
    }
  | {
      /** Names the screen's form and controls. */
      readonly name: string
      readonly actors: (call: Call) => ResourceActors<A>
    }

/** Everything a master screen declares; the kit does the rest. */
export type ResourceConfig<A extends { readonly id: string }, I> = ResourceSource<A> & ResourceDeclaration<A, I>

interface ResourceDeclaration<A extends { readonly id: string }, I> {
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
  /** Shows a family filter kept in the URL (`family`, the page query's `family_id`), its options from this picker. */
  readonly familyFilter?: Picker
  /** More filters beside the search, each kept in the URL under its key and sent to the server as that parameter. */
  readonly filters?: ReadonlyArray<ListFilter>
  /** How an item is named in buttons and dialogs; defaults to its `name`. */
  readonly itemName?: (item: A) => string
  /** A create / edit dialog of its own (nested or ordered inputs) instead of the one built from `fields`. */
  readonly form?: ComponentType<ResourceFormProps<A, I>>
  /** More buttons on each row, before Editar and Eliminar. */
  readonly rowActions?: (item: A) => ReactNode
  /**
   * Create and edit on pages of their own (a record with parts of its own, like a retail with its
   * logo and plans) instead of the dialog: Nuevo and Editar go to these paths.
   */
  readonly pages?: { readonly create: string; readonly edit: (item: A) => string }
}
