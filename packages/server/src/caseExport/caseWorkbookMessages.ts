import type { ExportLine } from "./CaseExportRepo.js"

/** What the server's thread tells the casos.xlsx thread: a new file, a channel's sheet, its lines, the end. */
export type ToWorkbook =
  | { readonly kind: "start" }
  | { readonly kind: "sheet"; readonly name: string }
  | { readonly kind: "lines"; readonly lines: ReadonlyArray<ExportLine> }
  | { readonly kind: "end" }

/** What it answers: the file's bytes as they are zipped, a page written, the file complete, or why it could not go on (the error's name, never its message). */
export type FromWorkbook =
  | { readonly kind: "bytes"; readonly chunk: Uint8Array }
  | { readonly kind: "written" }
  | { readonly kind: "done" }
  | { readonly kind: "failed"; readonly fault: string }
