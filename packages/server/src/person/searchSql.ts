import type { SqlClient, Statement } from "@effect/sql"
import { type PersonSearchQuery, Rut } from "@palma/core/domain"
import { foldedContains } from "../sql/textSearch.js"

/**
 * The filters of a RUT-or-name search over person row `alias`: the RUT from its start (dots and
 * dash ignored; a whole valid RUT also matches exactly), the name anywhere in the folded full
 * name. Blank criteria do not filter.
 */
export const personFilters = (sql: SqlClient.SqlClient, alias: string, query: PersonSearchQuery): ReadonlyArray<Statement.Fragment> => {
  const t = sql(alias)
  const filters: Array<Statement.Fragment> = []
  const rut = (query.rut ?? "").replace(/[^0-9kK]/g, "").toUpperCase()
  if (rut !== "") {
    const whole = Rut.normalize(rut)
    const digits = rut.replace(/K/g, "")
    const prefix = sql`${t}.rut LIKE ${`${digits}%`}`
    filters.push(whole === undefined ? prefix : sql`(${t}.rut = ${whole} OR ${prefix})`)
  }
  const name = (query.name ?? "").trim()
  if (name !== "") filters.push(foldedContains(sql, sql`${t}.search_name`, name))
  return filters
}
