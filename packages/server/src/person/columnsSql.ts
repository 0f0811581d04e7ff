import type { SqlClient, Statement } from "@effect/sql"

/** "Nombre Paterno Materno" of the person row `alias`, blanks skipped. */
export const fullName = (sql: SqlClient.SqlClient, alias: string) =>
  sql`concat_ws(' ', NULLIF(${sql(alias)}.name, ''), NULLIF(${sql(alias)}.paternal_last_name, ''), NULLIF(${sql(alias)}.maternal_last_name, ''))`

/**
 * The person fields of row `alias` as the original answers them: flat texts, "" when unknown; the
 * comuna's name in `district` and its code in `district_id`; the birth date as YYYY-MM-DD.
 * `prefix` names them for nested rows (`insured_rut`…).
 */
export const personColumns = (sql: SqlClient.SqlClient, alias: string, prefix = ""): Statement.Fragment => {
  const t = sql(alias)
  const as = (name: string) => sql(`${prefix}${name}`)
  return sql`${t}.id::text AS ${as("id")}, ${t}.rut AS ${as("rut")}, ${t}.name AS ${as("name")},
    ${t}.paternal_last_name AS ${as("paternalLastName")}, ${t}.maternal_last_name AS ${as("maternalLastName")},
    ${t}.address AS ${as("address")}, COALESCE((SELECT d.name FROM district d WHERE d.id = ${t}.district_id), '') AS ${as("district")},
    ${t}.district_id AS ${as("district_id")}, COALESCE(${t}.email, '') AS ${as("email")}, COALESCE(${t}.phone, '') AS ${as("phone")},
    COALESCE(to_char(${t}.birth_date, 'YYYY-MM-DD'), '') AS ${as("birthDate")}`
}

/** The same fields as a JSON object, for people nested in a row (titulares, cargas). */
export const personJson = (sql: SqlClient.SqlClient, alias: string): Statement.Fragment => {
  const t = sql(alias)
  return sql`'id', ${t}.id::text, 'rut', ${t}.rut, 'name', ${t}.name,
    'paternalLastName', ${t}.paternal_last_name, 'maternalLastName', ${t}.maternal_last_name,
    'address', ${t}.address, 'district', COALESCE((SELECT d.name FROM district d WHERE d.id = ${t}.district_id), ''),
    'district_id', ${t}.district_id, 'email', COALESCE(${t}.email, ''), 'phone', COALESCE(${t}.phone, ''),
    'birthDate', COALESCE(to_char(${t}.birth_date, 'YYYY-MM-DD'), '')`
}
