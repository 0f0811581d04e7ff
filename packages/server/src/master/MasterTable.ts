import type { SqlClient, Statement } from "@effect/sql"

/**
 * What differs between two simple masters: the table, how a row reads on the
 * wire, how an input becomes columns, what must be unique and what it refers to.
 * Everything else (list, page, get, create, update, deactivate) is generic.
 */
export interface MasterTable<In> {
  readonly table: string
  /** Spanish noun with article for messages: "La familia", "El documento". */
  readonly label: string
  /** A SELECT whose columns are the wire fields, including "isActive" and "id". */
  readonly select: (sql: SqlClient.SqlClient) => Statement.Statement<Record<string, unknown>>
  /** Columns to write from a validated input. */
  readonly columns: (input: In) => Record<string, unknown>
  /** Wire fields that together must be unique among active rows (text compared without case). */
  readonly unique: ReadonlyArray<keyof In & string>
  readonly uniqueMessage: string
  /** Active rows an input refers to: wire field → table and the message when missing. */
  readonly references?: ReadonlyArray<{ readonly field: keyof In & string; readonly table: string; readonly message: string }>
  /** Rejects an update the table cannot accept (e.g. renaming a seeded code); returns a message. */
  readonly guardUpdate?: (current: Record<string, unknown>, input: In) => string | undefined
  /** Wire fields a list may be sorted by; the first is the default. */
  readonly sortable: ReadonlyArray<string>
  /** Wire fields searched by the list's `search`. */
  readonly searchable: ReadonlyArray<string>
}
