import type { Grid } from "./cells.js"

/**
 * Spreadsheets run cells starting with these as formulas (CSV injection). A leading apostrophe
 * makes Excel and LibreOffice show the text as typed. Plain numbers such as "-5" are not formulas.
 */
const formulaStart = /^[=+\-@\t\r]/
const plainNumber = /^-?\d+(?:[.,]\d+)?$/

export const neutralizeFormula = (cell: string): string => (formulaStart.test(cell) && !plainNumber.test(cell) ? `'${cell}` : cell)

/** RFC 4180: quote fields holding a comma, a quote or a line break; double inner quotes. */
export const csvField = (cell: string): string => {
  const safe = neutralizeFormula(cell)
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Header line then one record per row, CRLF-terminated as RFC 4180 says. */
export const renderCsv = (grid: Grid): string => [grid.headers, ...grid.rows].map((record) => record.map(csvField).join(",") + "\r\n").join("")
