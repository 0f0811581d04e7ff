import { SqlClient, SqlSchema, type Statement } from "@effect/sql"
import { Context, Effect, Layer, type Option, Schema } from "effect"
import { Assistance, Document, type PageQuery, Value } from "@palma/core/domain"
import { duplicateKeyOrDie } from "../sql/duplicateKey.js"
import { familiesWith } from "../sql/familiesWith.js"
import { pagedRows } from "../sql/pagedRows.js"
import { valueTable } from "../value/tableSql.js"
import { returnedId } from "../sql/returnedId.js"
import type { AssistanceWrite } from "./complete.js"

/** The family masters an assistance links to, each list in its order; inactive masters drop out of what it asks. */
const links = {
  values: { table: "assistance_value", column: "value_id", master: "value" },
  specialties: { table: "assistance_specialty", column: "specialty_id", master: "specialty" },
  documents: { table: "assistance_document", column: "document_id", master: "document" }
} as const
export type MemberKind = keyof typeof links
export const memberKinds: ReadonlyArray<MemberKind> = ["values", "specialties", "documents"]

const MemberRow = Schema.Struct({ id: Schema.String, family_id: Schema.String, name: Schema.String })
export type MemberRow = typeof MemberRow.Type

const columns = (input: AssistanceWrite) => ({
  family_id: input.family_id,
  name: input.name,
  description: input.description,
  benefits: [...input.benefits],
  exclusions: [...input.exclusions]
})

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** An ordered list of texts as the seed's `[{id, description}]`; the id is derived from the assistance, the list and the text. */
  const texts = (column: "benefits" | "exclusions") =>
    sql`(SELECT COALESCE(json_agg(json_build_object('id', md5(a.id::text || ${`/${column}/`}::text || t.description)::uuid,
        'description', t.description) ORDER BY t.n), '[]'::json)
      FROM unnest(a.${sql(column)}) WITH ORDINALITY AS t(description, n))`

  /** Active assistances with their active members. */
  const assistanceSelect = (where: Statement.Fragment) => sql`SELECT a.id, a.name, a.description,
      json_build_object('id', f.id, 'name', f.name) AS family, a.family_id, f.name AS family_name,
      (SELECT COALESCE(json_agg(json_build_object('id', m.id, 'name', m.name, 'position', l.position) ORDER BY l.position), '[]'::json)
        FROM assistance_value l JOIN value m ON m.id = l.value_id AND m.is_active WHERE l.assistance_id = a.id) AS values,
      (SELECT COALESCE(json_agg(json_build_object('id', m.id, 'name', m.name) ORDER BY l.position), '[]'::json)
        FROM assistance_specialty l JOIN specialty m ON m.id = l.specialty_id AND m.is_active WHERE l.assistance_id = a.id) AS specialties,
      (SELECT COALESCE(json_agg(json_build_object('id', m.id, 'name', m.name) ORDER BY l.position), '[]'::json)
        FROM assistance_document l JOIN document m ON m.id = l.document_id AND m.is_active WHERE l.assistance_id = a.id) AS documents,
      ${texts("benefits")} AS benefits, ${texts("exclusions")} AS exclusions, a.is_active AS "isActive"
    FROM assistance a JOIN family f ON f.id = a.family_id
    WHERE a.is_active AND ${where}`

  /** The same, by family and name. */
  const assistances = (where: Statement.Fragment) => sql`${assistanceSelect(where)} ORDER BY f.name, a.name, a.id`

  /** One page of the active assistances for the web's table; lists sort by how many members they have. */
  const page = (query: PageQuery) =>
    pagedRows(
      sql,
      Assistance,
      {
        select: assistanceSelect(sql`true`),
        sortable: [
          ["name", sql`x.name`],
          ["family_name", sql`x.family_name`],
          ["values", sql`json_array_length(x.values)`],
          ["specialties", sql`json_array_length(x.specialties)`],
          ["documents", sql`json_array_length(x.documents)`]
        ],
        searchable: [sql`x.name`, sql`x.family_name`, sql`x.description`],
        familyScoped: true
      },
      query
    )

  const findAll = SqlSchema.findAll({ Request: Schema.Void, Result: Assistance, execute: () => assistances(sql`true`) })
  const findById = SqlSchema.findOne({ Request: Schema.String, Result: Assistance, execute: (id) => assistances(sql`a.id = ${id}`) })
  const findByFamily = SqlSchema.findAll({ Request: Schema.String, Result: Assistance, execute: (familyId) => assistances(sql`a.family_id = ${familyId}`) })

  /** The active values the assistance asks, in asking order. */
  const valuesOf = SqlSchema.findAll({
    Request: Schema.String,
    Result: Value,
    execute: (id) => sql`SELECT v.* FROM (${valueTable.select(sql)}) AS v JOIN assistance_value l ON l.value_id = v.id
      WHERE l.assistance_id = ${id} AND v."isActive" ORDER BY l.position`
  })

  /** The active documents the assistance may require, in its order. */
  const documentsOf = SqlSchema.findAll({
    Request: Schema.String,
    Result: Document,
    execute: (id) => sql`SELECT d.id, d.family_id, f.name AS family_name, d.name, d.description, d.is_active AS "isActive"
      FROM assistance_document l JOIN document d ON d.id = l.document_id AND d.is_active JOIN family f ON f.id = d.family_id
      WHERE l.assistance_id = ${id} ORDER BY l.position`
  })

  /** The active rows among `ids` of a kind of member, with their family. */
  const activeMembers = (kind: MemberKind, ids: ReadonlyArray<string>) =>
    ids.length === 0
      ? Effect.succeed([])
      : SqlSchema.findAll({
          Request: Schema.Array(Schema.String),
          Result: MemberRow,
          execute: (wanted) => sql`SELECT id, family_id, name FROM ${sql(links[kind].master)} WHERE id IN ${sql.in(wanted)} AND is_active`
        })(ids)

  /** Whether another active assistance of the family has this name, ignoring case. */
  const nameTaken = (familyId: string, name: string, exceptId: string | null) =>
    sql`SELECT 1 FROM assistance WHERE family_id = ${familyId} AND lower(name) = lower(${name}) AND is_active
      AND ${exceptId === null ? sql`true` : sql`id <> ${exceptId}`}`.pipe(Effect.map((rows) => rows.length > 0))

  /** The names of the active products that cover the assistance. */
  const coveringProducts = SqlSchema.findAll({
    Request: Schema.String,
    Result: Schema.Struct({ name: Schema.String }),
    execute: (id) => sql`SELECT p.name FROM product_assistance pa JOIN product p ON p.id = pa.product_id
      WHERE pa.assistance_id = ${id} AND p.is_active ORDER BY p.name`
  })

  /** The assistance's member lists, replaced by the input's, each in its order. */
  const replaceLinks = (id: string, input: AssistanceWrite) =>
    Effect.forEach(memberKinds, (kind) =>
      Effect.gen(function* () {
        const { table, column } = links[kind]
        yield* sql`DELETE FROM ${sql(table)} WHERE assistance_id = ${id}`
        if (input[kind].length === 0) return
        yield* sql`INSERT INTO ${sql(table)} ${sql.insert(input[kind].map((member, i) => ({ assistance_id: id, [column]: member, position: i + 1 })))}`
      })
    )

  return {
    findAll: findAll().pipe(Effect.orDie),
    page: (query: PageQuery) => page(query).pipe(Effect.orDie),
    findById: (id: string): Effect.Effect<Option.Option<Assistance>> => findById(id).pipe(Effect.orDie),
    findByFamily: (familyId: string) => findByFamily(familyId).pipe(Effect.orDie),
    families: familiesWith(sql, "assistance"),
    valuesOf: (id: string) => valuesOf(id).pipe(Effect.orDie),
    documentsOf: (id: string) => documentsOf(id).pipe(Effect.orDie),
    activeMembers: (kind: MemberKind, ids: ReadonlyArray<string>): Effect.Effect<ReadonlyArray<MemberRow>> => activeMembers(kind, ids).pipe(Effect.orDie),
    nameTaken: (familyId: string, name: string, exceptId: string | null) => nameTaken(familyId, name, exceptId).pipe(Effect.orDie),
    coveringProducts: (id: string) =>
      coveringProducts(id).pipe(
        Effect.map((rows) => rows.map((row) => row.name)),
        Effect.orDie
      ),
    insert: (input: AssistanceWrite) =>
      duplicateKeyOrDie(sql`INSERT INTO assistance ${sql.insert(columns(input))} RETURNING id`).pipe(Effect.flatMap(returnedId)),
    update: (id: string, input: AssistanceWrite) =>
      duplicateKeyOrDie(sql`UPDATE assistance SET ${sql.update(columns(input))}, updated_at = now() WHERE id = ${id}`),
    replaceLinks: (id: string, input: AssistanceWrite) => replaceLinks(id, input).pipe(Effect.asVoid, Effect.orDie),
    deactivate: (id: string) => sql`UPDATE assistance SET is_active = false, updated_at = now() WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie)
  }
})

/** Assistances (services) and their links to family masters, in SQL. */
export class AssistanceRepo extends Context.Tag("palma/AssistanceRepo")<AssistanceRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(AssistanceRepo, make)
}
