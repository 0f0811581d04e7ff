import type { SqlClient, Statement } from "@effect/sql"

// Spanish letters with their plain forms, position by position: the database folds a column
// with these and the term is folded the same way in JavaScript, so "nunoa" finds "Ñuñoa".
const accented = "áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ"
const plain = "aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc"

/** A search term without case or accents, as `folded` leaves a column. */
export const foldText = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .toLowerCase()

/** A column (or any text expression) without case or Spanish accents. */
export const folded = (sql: SqlClient.SqlClient, expression: Statement.Fragment) => sql`lower(translate(${expression}::text, ${accented}, ${plain}))`

/** A LIKE pattern that matches `term` anywhere, with its own wildcards taken literally. */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, "\\$&")}%`

/** `expression` contains `term`, ignoring case and accents on both sides. */
export const containsText = (sql: SqlClient.SqlClient, expression: Statement.Fragment, term: string) =>
  sql`${folded(sql, expression)} LIKE ${containing(foldText(term))}`

/** A column already folded (a stored `search_name`) contains `term`, folded the same way here. */
export const foldedContains = (sql: SqlClient.SqlClient, foldedColumn: Statement.Fragment, term: string) =>
  sql`${foldedColumn} LIKE ${containing(foldText(term))}`
