import type { RosterRead, SheetRow } from "./rosterSheet.js"

/** What the server's thread tells the roster thread: the file to read, then "more rows" as it takes them. */
export type ToRosterRead = { readonly kind: "read"; readonly read: RosterRead } | { readonly kind: "more" }

/** What it answers: a batch of rows, the end of the sheet, or why the file cannot be read (as a RosterFileError's fields). */
export type FromRosterRead =
  | { readonly kind: "rows"; readonly rows: ReadonlyArray<SheetRow> }
  | { readonly kind: "end" }
  | { readonly kind: "failed"; readonly message: string; readonly missing: ReadonlyArray<string>; readonly fault: string | undefined }
