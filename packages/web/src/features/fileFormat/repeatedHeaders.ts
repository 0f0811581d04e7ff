import { type Column, normalizeHeader } from "@palma/core"

export const repeatedMessage = "Este encabezado se repite en otra columna"

/**
 * The rows whose header another row also has, as the server compares them (case, accents and
 * spacing do not matter), each with the message its row shows. Blank headers are left to the
 * schema ("obligatorio").
 */
export const repeatedHeaders = (columns: ReadonlyArray<Column>): Readonly<Record<number, string>> => {
  const keys = columns.map((c) => normalizeHeader(c.header))
  return Object.fromEntries(keys.flatMap((key, index) => (key !== "" && keys.indexOf(key) !== keys.lastIndexOf(key) ? [[index, repeatedMessage]] : [])))
}
