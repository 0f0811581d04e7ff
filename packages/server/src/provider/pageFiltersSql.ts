import type { SqlClient, Statement } from "@effect/sql"
import type { ProviderPageQuery } from "@palma/core/domain"
import { containing, containsText } from "../sql/textSearch.js"

/** A RUT as searched: digits and check digit only, so "12.345" and "12345678-5" both match. */
const rutDigits = (text: string) => text.replace(/[^0-9kK]/g, "").toUpperCase()

/**
 * The conditions every provider list shares: which records by state (active by default, `all`
 * for every one) and the search, over the name (accents and case ignored) and, when the term has
 * digits, the RUT.
 */
export const providerConditions = (
  sql: SqlClient.SqlClient,
  query: Pick<ProviderPageQuery, "active" | "search">,
  columns: { readonly isActive: Statement.Fragment; readonly name: Statement.Fragment; readonly rut: Statement.Fragment }
): ReadonlyArray<Statement.Fragment> => {
  const state = query.active ?? "true"
  const term = query.search?.trim() ?? ""
  const byName = containsText(sql, columns.name, term)
  return [
    ...(state === "all" ? [] : [state === "true" ? columns.isActive : sql`NOT ${columns.isActive}`]),
    ...(term === "" ? [] : [/\d/.test(term) ? sql.or([byName, sql`replace(${columns.rut}, '-', '') ILIKE ${containing(rutDigits(term))}`]) : byName])
  ]
}

/** Page number and size with the masters' defaults. */
export const pageOf = (query: Pick<ProviderPageQuery, "page" | "pageSize">) => {
  const pageSize = query.pageSize ?? 20
  const page = query.page ?? 1
  return { page, pageSize, offset: (page - 1) * pageSize }
}
