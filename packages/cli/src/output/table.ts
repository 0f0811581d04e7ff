import type { Grid } from "./cells.js"

/** Server text goes to a terminal: control characters (newlines, ESC sequences) would break the layout or drive the terminal. */
const controlCharacters = /\p{Cc}/gu
const clean = (cell: string) => cell.normalize("NFC").replace(controlCharacters, " ")

/** Columns are measured in code points: accented Spanish letters take one cell each once composed. */
const width = (text: string) => [...text].length

const pad = (text: string, size: number, right: boolean) => {
  const fill = " ".repeat(Math.max(0, size - width(text)))
  return right ? fill + text : text + fill
}

/** An aligned plain-text table with a dashed rule under the headers. */
export const renderTable = (grid: Grid): string => {
  if (grid.rows.length === 0) return "Sin registros.\n"
  const rows = grid.rows.map((row) => row.map(clean))
  const headers = grid.headers.map(clean)
  const widths = headers.map((header, i) => Math.max(width(header), ...rows.map((row) => width(row[i] ?? ""))))
  const line = (cells: ReadonlyArray<string>) =>
    widths
      .map((size, i) => pad(cells[i] ?? "", size, grid.rightAligned[i] === true))
      .join("  ")
      .trimEnd()
  return [line(headers), line(widths.map((size) => "-".repeat(size))), ...rows.map(line)].join("\n") + "\n"
}
