import { Rut } from "@palma/core"

/** How a column's values read to a person (es-CL). */
export type CellKind = "text" | "number" | "boolean" | "rut"

export type CellValue = string | number | boolean | null

/** A value as a person reads it: Sí/No, RUTs with dots, nothing for null. */
export const formatCell = (kind: CellKind, value: CellValue): string => {
  if (value === null) return ""
  switch (kind) {
    case "boolean":
      return value === true ? "Sí" : value === false ? "No" : String(value)
    case "rut":
      return Rut.format(String(value))
    case "number":
    case "text":
      return String(value)
  }
}

/** A formatted grid: what the table and CSV writers print. */
export interface Grid {
  readonly headers: ReadonlyArray<string>
  /** Numbers read best right-aligned. */
  readonly rightAligned: ReadonlyArray<boolean>
  readonly rows: ReadonlyArray<ReadonlyArray<string>>
}

export interface Column<A> {
  readonly header: string
  readonly kind: CellKind
  readonly value: (row: A) => CellValue
}

export const toGrid = <A>(columns: ReadonlyArray<Column<A>>, items: ReadonlyArray<A>): Grid => ({
  headers: columns.map((column) => column.header),
  rightAligned: columns.map((column) => column.kind === "number"),
  rows: items.map((item) => columns.map((column) => formatCell(column.kind, column.value(item))))
})
