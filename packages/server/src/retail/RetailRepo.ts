import { SqlClient, SqlSchema, type Statement } from "@effect/sql"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { logoContentTypes, type PageQuery, Retail, RetailFound, type RetailInput, type RetailSearch } from "@palma/core/domain"
import { pagedRows } from "../sql/pagedRows.js"
import { returnedId } from "../sql/returnedId.js"
import { containing, containsText } from "../sql/textSearch.js"

/** A RUT as searched: digits and check digit only, so "12.345" and "12345678-5" both match. */
const rutDigits = (text: string) => text.replace(/[^0-9kK]/g, "").toUpperCase()

const StoredLogo = Schema.Struct({ contentType: Schema.Literal(...logoContentTypes), data: Schema.Uint8ArrayFromSelf })
export type StoredLogo = typeof StoredLogo.Type

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /**
   * The retail's columns as the wire reads them: the comuna's name in `district` and its code in
   * `district_id`; an uploaded logo wins over the reference given on create.
   */
  const columns = sql`r.id, r.rut, r.name, r.legal_representative AS "legalRepresentative", r.line,
    r.fantasy_name AS "fantasyName", r.address, COALESCE(d.name, '') AS district, r.district_id,
    r.email, r.phone, CASE WHEN l.retail_id IS NULL THEN r.logo_url ELSE '/api/retail/logo/' || r.id::text END AS logo,
    r.is_active AS "isActive"`
  const tables = sql`retail r LEFT JOIN retail_logo l ON l.retail_id = r.id LEFT JOIN district d ON d.id = r.district_id`

  const retails = (where: Statement.Fragment) => sql`SELECT ${columns} FROM ${tables} WHERE ${where} ORDER BY r.name, r.rut`

  const findById = SqlSchema.findOne({ Request: Schema.String, Result: Retail, execute: (id) => retails(sql`r.id = ${id} AND r.is_active`) })
  const findByRut = SqlSchema.findOne({ Request: Schema.String, Result: Retail, execute: (rut) => retails(sql`r.rut = ${rut} AND r.is_active`) })
  const findAll = SqlSchema.findAll({ Request: Schema.Void, Result: Retail, execute: () => retails(sql`r.is_active`) })

  /** One page of the active retails for the web's table: a search finds names, and RUTs when it has a digit ("12.345"). */
  const page = (query: PageQuery) =>
    pagedRows(
      sql,
      Retail,
      {
        select: sql`SELECT ${columns} FROM ${tables} WHERE r.is_active`,
        sortable: [
          ["name", sql`x.name`],
          ["rut", sql`x.rut`]
        ],
        searchable: [sql`x.name`],
        // A term with a digit ("12.345", "12345678-5") also looks in the RUTs.
        alsoMatches: (term) => (/\d/.test(term) ? sql`replace(x.rut, '-', '') ILIKE ${containing(rutDigits(term))}` : null),
        familyScoped: false
      },
      query
    )

  /**
   * Active retails matching the criteria (a blank one does not filter), with how many products
   * they sell (active plans of active products) and how many people they insure: 0 until Palma
   * keeps insured people.
   */
  const search = SqlSchema.findAll({
    Request: Schema.Struct({ rut: Schema.String, name: Schema.String }),
    Result: RetailFound,
    execute: ({ rut, name }) => sql`SELECT ${columns},
        (SELECT count(*)::int FROM product_plan pp JOIN product p ON p.id = pp.product_id
          WHERE pp.retail_id = r.id AND pp.is_active AND p.is_active) AS products,
        0 AS insured
      FROM ${tables}
      WHERE ${sql.and([
        sql`r.is_active`,
        ...(rut !== "" ? [sql`replace(r.rut, '-', '') ILIKE ${containing(rut)}`] : []),
        ...(name !== "" ? [containsText(sql, sql`r.name`, name)] : [])
      ])}
      ORDER BY r.name, r.rut`
  })

  /** Creates the retail, or updates (and reactivates) the one with that RUT: one row per RUT. */
  const upsert = (input: RetailInput, districtId: string | null) =>
    sql`INSERT INTO retail ${sql.insert({
      rut: input.rut,
      name: input.name,
      legal_representative: input.legalRepresentative,
      line: input.line,
      fantasy_name: input.fantasyName,
      address: input.address,
      district_id: districtId,
      email: input.email,
      phone: input.phone,
      logo_url: input.logo
    })}
      ON CONFLICT (rut) DO UPDATE SET name = EXCLUDED.name, legal_representative = EXCLUDED.legal_representative,
        line = EXCLUDED.line, fantasy_name = EXCLUDED.fantasy_name, address = EXCLUDED.address,
        district_id = EXCLUDED.district_id, email = EXCLUDED.email, phone = EXCLUDED.phone,
        logo_url = EXCLUDED.logo_url, is_active = true, updated_at = now()
      RETURNING id`.pipe(Effect.flatMap(returnedId))

  const saveLogo = (id: string, logo: StoredLogo) =>
    Effect.gen(function* () {
      yield* sql`INSERT INTO retail_logo ${sql.insert({ retail_id: id, content_type: logo.contentType, data: logo.data })}
        ON CONFLICT (retail_id) DO UPDATE SET content_type = EXCLUDED.content_type, data = EXCLUDED.data, updated_at = now()`
      yield* sql`UPDATE retail SET updated_at = now() WHERE id = ${id}`
    })

  /** The logo of an active retail. */
  const findLogo = SqlSchema.findOne({
    Request: Schema.String,
    Result: StoredLogo,
    execute: (id) => sql`SELECT l.content_type AS "contentType", l.data FROM retail_logo l JOIN retail r ON r.id = l.retail_id
      WHERE l.retail_id = ${id} AND r.is_active`
  })

  return {
    findById: (id: string): Effect.Effect<Option.Option<Retail>> => findById(id).pipe(Effect.orDie),
    findByRut: (rut: string): Effect.Effect<Option.Option<Retail>> => findByRut(rut).pipe(Effect.orDie),
    findAll: findAll().pipe(Effect.orDie),
    page: (query: PageQuery) => page(query).pipe(Effect.orDie),
    search: (criteria: RetailSearch) =>
      search({ rut: criteria.rut === null ? "" : rutDigits(criteria.rut), name: criteria.name?.trim() ?? "" }).pipe(Effect.orDie),
    upsert: (input: RetailInput, districtId: string | null) => upsert(input, districtId).pipe(Effect.orDie),
    deactivate: (id: string) => sql`UPDATE retail SET is_active = false, updated_at = now() WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
    saveLogo: (id: string, logo: StoredLogo) => saveLogo(id, logo).pipe(Effect.orDie),
    findLogo: (id: string): Effect.Effect<Option.Option<StoredLogo>> => findLogo(id).pipe(Effect.orDie)
  }
})

/** Retails in SQL: upsert by RUT, reads and search of active rows, deactivation and the stored logo. */
export class RetailRepo extends Context.Tag("palma/RetailRepo")<RetailRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(RetailRepo, make)
}
