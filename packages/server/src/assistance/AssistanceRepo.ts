import { SqlClient, type Statement } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { type Assistance, type AssistanceInput, Conflict, type Document, type Family, NotFound, type Value } from "@palma/core"
import { uniqueAs } from "../sql/uniqueViolation.js"
import { valueTable } from "../value/table.js"
import { type AssistanceWrite, complete } from "./complete.js"
import { checkMembers } from "./members.js"

const notFound = () => new NotFound({ message: "No se encontró el servicio" })
const duplicate = () => new Conflict({ message: "Ya existe un servicio activo con ese nombre en la familia" })

/** Links to family masters, in order; inactive masters drop out of what an assistance asks. */
const links = [
  { key: "values", table: "assistance_value", column: "value_id" },
  { key: "specialties", table: "assistance_specialty", column: "specialty_id" },
  { key: "documents", table: "assistance_document", column: "document_id" }
] as const

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** An ordered list of texts as the seed's `[{id, description}]`; the id is derived from the assistance, the list and the text. */
  const texts = (column: "benefits" | "exclusions") =>
    sql`(SELECT COALESCE(json_agg(json_build_object('id', md5(a.id::text || ${`/${column}/`}::text || t.description)::uuid,
        'description', t.description) ORDER BY t.n), '[]'::json)
      FROM unnest(a.${sql(column)}) WITH ORDINALITY AS t(description, n))`

  const select = (where: Statement.Fragment) => sql<Assistance>`SELECT a.id, a.name, a.description,
      json_build_object('id', f.id, 'name', f.name) AS family, a.family_id, f.name AS family_name,
      (SELECT COALESCE(json_agg(json_build_object('id', m.id, 'name', m.name, 'position', l.position) ORDER BY l.position), '[]'::json)
        FROM assistance_value l JOIN value m ON m.id = l.value_id AND m.is_active WHERE l.assistance_id = a.id) AS values,
      (SELECT COALESCE(json_agg(json_build_object('id', m.id, 'name', m.name) ORDER BY l.position), '[]'::json)
        FROM assistance_specialty l JOIN specialty m ON m.id = l.specialty_id AND m.is_active WHERE l.assistance_id = a.id) AS specialties,
      (SELECT COALESCE(json_agg(json_build_object('id', m.id, 'name', m.name) ORDER BY l.position), '[]'::json)
        FROM assistance_document l JOIN document m ON m.id = l.document_id AND m.is_active WHERE l.assistance_id = a.id) AS documents,
      ${texts("benefits")} AS benefits, ${texts("exclusions")} AS exclusions, a.is_active AS "isActive"
    FROM assistance a JOIN family f ON f.id = a.family_id
    WHERE a.is_active AND ${where}
    ORDER BY f.name, a.name, a.id`

  const getById = (id: string) => select(sql`a.id = ${id}`).pipe(Effect.flatMap(([row]) => (row ? Effect.succeed(row) : Effect.fail(notFound()))))

  const checkUnique = (input: AssistanceWrite, selfId?: string) =>
    sql`SELECT 1 FROM assistance WHERE family_id = ${input.family_id} AND lower(name) = lower(${input.name}) AND is_active
      AND ${selfId ? sql`id <> ${selfId}` : sql`true`}`.pipe(Effect.flatMap((rows) => (rows.length > 0 ? Effect.fail(duplicate()) : Effect.void)))

  const writeLinks = (id: string, input: AssistanceWrite) =>
    Effect.forEach(links, ({ key, table, column }) =>
      Effect.gen(function* () {
        yield* sql`DELETE FROM ${sql(table)} WHERE assistance_id = ${id}`
        if (input[key].length === 0) return
        yield* sql`INSERT INTO ${sql(table)} ${sql.insert(input[key].map((member, i) => ({ assistance_id: id, [column]: member, position: i + 1 })))}`
      })
    )

  const columns = (input: AssistanceWrite) => ({
    family_id: input.family_id,
    name: input.name,
    description: input.description,
    benefits: [...input.benefits],
    exclusions: [...input.exclusions]
  })

  const create = (input: AssistanceInput) =>
    sql
      .withTransaction(
        Effect.gen(function* () {
          const write = complete(input, null)
          yield* checkMembers(write)
          yield* checkUnique(write)
          const [row] = yield* sql<{ id: string }>`INSERT INTO assistance ${sql.insert(columns(write))} RETURNING id`
          yield* writeLinks(row!.id, write)
          return yield* getById(row!.id)
        })
      )
      .pipe(uniqueAs(duplicate))

  /** What the input leaves out is kept as stored; a family change must still hold for the kept lists. */
  const update = (id: string, input: AssistanceInput) =>
    sql
      .withTransaction(
        Effect.gen(function* () {
          const write = complete(input, yield* getById(id))
          yield* checkMembers(write)
          yield* checkUnique(write, id)
          yield* sql`UPDATE assistance SET ${sql.update(columns(write))}, updated_at = now() WHERE id = ${id}`
          yield* writeLinks(id, write)
          return yield* getById(id)
        })
      )
      .pipe(uniqueAs(duplicate))

  /** Delete deactivates; a service still covered by an active product cannot go. */
  const remove = (id: string) =>
    sql
      .withTransaction(
        Effect.gen(function* () {
          const current = yield* getById(id)
          const products = yield* sql<{ name: string }>`SELECT p.name FROM product_assistance pa JOIN product p ON p.id = pa.product_id
            WHERE pa.assistance_id = ${id} AND p.is_active ORDER BY p.name`
          if (products.length > 0) {
            return yield* Effect.fail(new Conflict({ message: `El servicio está incluido en productos activos: ${products.map((p) => p.name).join(", ")}` }))
          }
          yield* sql`UPDATE assistance SET is_active = false, updated_at = now() WHERE id = ${id}`
          return { ...current, isActive: false }
        })
      )
      .pipe(Effect.catchTag("SqlError", Effect.die))

  const families = sql<Family>`SELECT f.id, f.name, f.is_active AS "isActive" FROM family f
    WHERE f.is_active AND EXISTS (SELECT 1 FROM assistance a WHERE a.family_id = f.id AND a.is_active)
    ORDER BY f.name, f.id`

  const byFamily = (familyId: string) =>
    Effect.gen(function* () {
      const family = yield* sql`SELECT 1 FROM family WHERE id = ${familyId} AND is_active`
      if (family.length === 0) return yield* Effect.fail(new NotFound({ message: "La familia indicada no existe o está inactiva" }))
      return yield* select(sql`a.family_id = ${familyId}`)
    })

  const values = (id: string) =>
    Effect.gen(function* () {
      yield* getById(id)
      return yield* sql<Value>`SELECT v.* FROM (${valueTable.select(sql)}) AS v JOIN assistance_value l ON l.value_id = v.id
        WHERE l.assistance_id = ${id} AND v."isActive" ORDER BY l.position`
    })

  const documents = (id: string) =>
    Effect.gen(function* () {
      yield* getById(id)
      return yield* sql<Document>`SELECT d.id, d.family_id, f.name AS family_name, d.name, d.description, d.is_active AS "isActive"
        FROM assistance_document l JOIN document d ON d.id = l.document_id AND d.is_active JOIN family f ON f.id = d.family_id
        WHERE l.assistance_id = ${id} ORDER BY l.position`
    })

  return {
    all: select(sql`true`).pipe(Effect.orDie),
    getById: (id: string) => getById(id).pipe(Effect.catchTag("SqlError", Effect.die)),
    families: families.pipe(Effect.orDie),
    byFamily: (familyId: string) => byFamily(familyId).pipe(Effect.catchTag("SqlError", Effect.die)),
    values: (id: string) => values(id).pipe(Effect.catchTag("SqlError", Effect.die)),
    documents: (id: string) => documents(id).pipe(Effect.catchTag("SqlError", Effect.die)),
    create,
    update,
    remove
  }
})

/** Services and their links to family masters. */
export class AssistanceRepo extends Context.Tag("palma/AssistanceRepo")<AssistanceRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(AssistanceRepo, make)
}
