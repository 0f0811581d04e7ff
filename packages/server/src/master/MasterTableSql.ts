import type { SqlClient, Statement } from "@effect/sql"
import { Effect } from "effect"
import type { Missing } from "../domain/errors.js"

/**
 * What differs between two simple masters: the table, how a row reads on the
 * wire, how an input becomes columns, what must be unique and what it refers to.
 * Everything else (list, page, get, create, update, deactivate) is generic.
 * `A` is the row as the contract answers it, `In` the validated input, `Resolved` what is written.
 */
export interface MasterTable<A, In, Resolved> {
  readonly table: string
  /** Spanish noun with article for messages: "La familia", "El documento". */
  readonly label: string
  /** A SELECT whose columns are the wire fields, including "isActive" and "id". */
  readonly select: (sql: SqlClient.SqlClient) => Statement.Statement<Record<string, unknown>>
  /**
   * Completes an input as the seed's clients send it (a value type named by code, a stage without
   * code or order) into what is written; `selfId` is the row being updated, if any.
   */
  readonly resolve: (sql: SqlClient.SqlClient, input: In, selfId?: string) => Effect.Effect<Resolved, Missing>
  /** Columns to write from a validated, resolved input. */
  readonly columns: (input: Resolved) => Record<string, unknown>
  /** Wire fields that together must be unique among active rows (text compared without case). */
  readonly unique: ReadonlyArray<keyof Resolved & string>
  readonly uniqueMessage: string
  /** Active rows an input refers to: the referenced table, the id and the message when missing. */
  readonly references?: ReadonlyArray<{ readonly table: string; readonly id: (input: Resolved) => string; readonly message: string }>
  /** Rejects an update the table cannot accept (e.g. renaming a seeded code); returns a message. */
  readonly guardUpdate?: (current: A, input: Resolved) => string | undefined
  /** The seed's order of the whole list (by the first sortable field); ascending unless said. */
  readonly listOrder?: "desc"
  /** Wire fields a list may be sorted by; the first is the default. */
  readonly sortable: ReadonlyArray<string>
  /** Wire fields searched by the list's `search`. */
  readonly searchable: ReadonlyArray<string>
}

/** The resolver of a table that writes its input as validated. */
export const asValidated = <In>(_sql: SqlClient.SqlClient, input: In): Effect.Effect<In> => Effect.succeed(input)
