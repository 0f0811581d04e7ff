import { SqlClient, type Statement } from "@effect/sql"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { type LogoContentType, NotFound, Retail, RetailFound, type RetailInput, type RetailSearch } from "@palma/core"
import { Districts } from "../district/Districts.js"

const decodeAll = Schema.decodeUnknown(Schema.Array(Retail))
const decodeFound = Schema.decodeUnknown(Schema.Array(RetailFound))

const notFound = () => new NotFound({ message: "No se encontró el canal" })

/** A LIKE pattern that matches `term` anywhere, with its own wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, "\\$&")}%`

/** A RUT as searched: digits and check digit only, so "12.345" and "12345678-5" both match. */
const rutDigits = (text: string) => text.replace(/[^0-9kK]/g, "").toUpperCase()

export interface StoredLogo {
  readonly contentType: LogoContentType
  readonly data: Uint8Array
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const districts = yield* Districts

  /**
   * The channel's columns as the wire reads them: the comuna's name in `district` and its code in
   * `district_id`; an uploaded logo wins over the reference given on create.
   */
  const columns = sql`r.id, r.rut, r.name, r.legal_representative AS "legalRepresentative", r.line,
    r.fantasy_name AS "fantasyName", r.address, COALESCE(d.name, '') AS district, r.district_id,
    r.email, r.phone, CASE WHEN l.retail_id IS NULL THEN r.logo_url ELSE '/api/retail/logo/' || r.id::text END AS logo,
    r.is_active AS "isActive"`
  const tables = sql`retail r LEFT JOIN retail_logo l ON l.retail_id = r.id LEFT JOIN district d ON d.id = r.district_id`

  const rows = (where: Statement.Fragment) =>
    sql<Record<string, unknown>>`SELECT ${columns} FROM ${tables} WHERE ${where} ORDER BY r.name, r.rut`.pipe(Effect.flatMap(decodeAll), Effect.orDie)

  const one = (where: Statement.Fragment) => rows(where).pipe(Effect.flatMap((found) => (found[0] ? Effect.succeed(found[0]) : Effect.fail(notFound()))))

  const getById = (id: string) => one(sql.and([sql`r.id = ${id}`, sql`r.is_active`]))

  /** Creates the channel, or updates (and reactivates) the one with that RUT: one row per RUT. */
  const upsert = (input: RetailInput) =>
    Effect.gen(function* () {
      const row = {
        rut: input.rut,
        name: input.name,
        legal_representative: input.legalRepresentative,
        line: input.line,
        fantasy_name: input.fantasyName,
        address: input.address,
        district_id: yield* districts.resolve(input.district),
        email: input.email,
        phone: input.phone,
        logo_url: input.logo
      }
      const [written] = yield* sql<{ id: string }>`INSERT INTO retail ${sql.insert(row)}
        ON CONFLICT (rut) DO UPDATE SET name = EXCLUDED.name, legal_representative = EXCLUDED.legal_representative,
          line = EXCLUDED.line, fantasy_name = EXCLUDED.fantasy_name, address = EXCLUDED.address,
          district_id = EXCLUDED.district_id, email = EXCLUDED.email, phone = EXCLUDED.phone,
          logo_url = EXCLUDED.logo_url, is_active = true, updated_at = now()
        RETURNING id`.pipe(Effect.orDie)
      // Just written and active: not finding it would be a defect, not the client's 404.
      return yield* getById(written!.id).pipe(Effect.catchTag("NotFound", Effect.die))
    })

  /**
   * Active channels matching the criteria, with how many products they sell (active plans of
   * active products) and how many people they insure: 0 until Palma keeps insured people.
   */
  const search = (criteria: RetailSearch) => {
    const rut = criteria.rut === null ? "" : rutDigits(criteria.rut)
    const name = criteria.name?.trim() ?? ""
    const where = sql.and([
      sql`r.is_active`,
      ...(rut !== "" ? [sql`replace(r.rut, '-', '') ILIKE ${containing(rut)}`] : []),
      ...(name !== "" ? [sql`r.name ILIKE ${containing(name)}`] : [])
    ])
    return sql<Record<string, unknown>>`SELECT ${columns},
        (SELECT count(*)::int FROM product_plan pp JOIN product p ON p.id = pp.product_id
          WHERE pp.retail_id = r.id AND pp.is_active AND p.is_active) AS products,
        0 AS insured
      FROM ${tables} WHERE ${where} ORDER BY r.name, r.rut`.pipe(Effect.flatMap(decodeFound), Effect.orDie)
  }

  const deactivate = (id: string) =>
    sql
      .withTransaction(
        Effect.gen(function* () {
          const current = yield* getById(id)
          yield* sql`UPDATE retail SET is_active = false, updated_at = now() WHERE id = ${id}`
          return { ...current, isActive: false }
        })
      )
      .pipe(Effect.catchTag("SqlError", Effect.die))

  const saveLogo = (id: string, logo: StoredLogo) =>
    sql
      .withTransaction(
        Effect.gen(function* () {
          yield* getById(id)
          const row = { retail_id: id, content_type: logo.contentType, data: logo.data }
          yield* sql`INSERT INTO retail_logo ${sql.insert(row)}
          ON CONFLICT (retail_id) DO UPDATE SET content_type = EXCLUDED.content_type, data = EXCLUDED.data, updated_at = now()`
          yield* sql`UPDATE retail SET updated_at = now() WHERE id = ${id}`
          return yield* getById(id)
        })
      )
      .pipe(Effect.catchTag("SqlError", Effect.die))

  const logo = (id: string) =>
    sql<{ contentType: LogoContentType; data: Uint8Array }>`SELECT l.content_type AS "contentType", l.data
      FROM retail_logo l JOIN retail r ON r.id = l.retail_id WHERE l.retail_id = ${id} AND r.is_active`.pipe(
      Effect.orDie,
      Effect.flatMap((found) => Option.match(Option.fromNullable(found[0]), { onNone: () => Effect.fail(notFound()), onSome: Effect.succeed }))
    )

  return {
    upsert,
    getById,
    getByRut: (rut: string) => one(sql.and([sql`r.rut = ${rut}`, sql`r.is_active`])),
    getAll: rows(sql.and([sql`r.is_active`])),
    search,
    deactivate,
    saveLogo,
    logo
  }
})

/** Channels in SQL: upsert by RUT, reads of active rows, deactivation and the stored logo. */
export class RetailRepo extends Context.Tag("palma/RetailRepo")<RetailRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(RetailRepo, make)
}
