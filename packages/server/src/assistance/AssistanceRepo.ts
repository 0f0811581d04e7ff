import { SqlClient, type Statement } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { type Assistance, type AssistanceInput, Conflict, type Document, type Family, NotFound, valuePositions } from "@palma/core"
import { uniqueAs } from "../sql/uniqueViolation.js"
import { checkMembers } from "./members.js"

const notFound = () => new NotFound({ message: "No se encontró el servicio" })
const duplicate = () => new Conflict({ message: "Ya existe un servicio activo con ese nombre en la familia" })

/** Links to family masters, in order; inactive masters drop out of what an assistance asks. */
const links = [
  { key: "values", table: "assistance_value", column: "value_id", target: "value" },
  { key: "specialties", table: "assistance_specialty", column: "specialty_id", target: "specialty" },
  { key: "documents", table: "assistance_document", column: "document_id", target: "document" }
] as const

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const select = (where: Statement.Fragment) => sql<Assistance>`SELECT a.id, a.family_id, f.name AS family_name, a.name, a.description,
      (SELECT COALESCE(json_agg(json_build_object('value_id', l.value_id, 'position', l.position) ORDER BY l.position), '[]'::json)
        FROM assistance_value l JOIN value m ON m.id = l.value_id AND m.is_active WHERE l.assistance_id = a.id) AS values,
      (SELECT COALESCE(json_agg(l.specialty_id ORDER BY l.position), '[]'::json)
        FROM assistance_specialty l JOIN specialty m ON m.id = l.specialty_id AND m.is_active WHERE l.assistance_id = a.id) AS specialties,
      (SELECT COALESCE(json_agg(l.document_id ORDER BY l.position), '[]'::json)
        FROM assistance_document l JOIN document m ON m.id = l.document_id AND m.is_active WHERE l.assistance_id = a.id) AS documents,
      a.benefits, a.exclusions, a.is_active AS "isActive"
    FROM assistance a JOIN family f ON f.id = a.family_id
    WHERE a.is_active AND ${where}
    ORDER BY f.name, a.name, a.id`

  const getById = (id: string) =>
    select(sql`a.id = ${id}`).pipe(Effect.flatMap(([row]) => (row ? Effect.succeed(row) : Effect.fail(notFound()))))

  const checkUnique = (input: AssistanceInput, selfId?: string) =>
    sql`SELECT 1 FROM assistance WHERE family_id = ${input.family_id} AND lower(name) = lower(${input.name}) AND is_active
      AND ${selfId ? sql`id <> ${selfId}` : sql`true`}`.pipe(Effect.flatMap((rows) => (rows.length > 0 ? Effect.fail(duplicate()) : Effect.void)))

  const writeLinks = (id: string, input: AssistanceInput) =>
    Effect.forEach(links, ({ key, table, column }) =>
      Effect.gen(function* () {
        yield* sql`DELETE FROM ${sql(table)} WHERE assistance_id = ${id}`
        const rows = key === "values" ? valuePositions(input.values) : input[key].map((value_id, i) => ({ value_id, position: i + 1 }))
        if (rows.length === 0) return
        yield* sql`INSERT INTO ${sql(table)} ${sql.insert(rows.map((r) => ({ assistance_id: id, [column]: r.value_id, position: r.position })))}`
      })
    )

  const columns = (input: AssistanceInput) => ({
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
          yield* checkMembers(input)
          yield* checkUnique(input)
          const [row] = yield* sql<{ id: string }>`INSERT INTO assistance ${sql.insert(columns(input))} RETURNING id`
          yield* writeLinks(row!.id, input)
          return yield* getById(row!.id)
        })
      )
      .pipe(uniqueAs(duplicate))

  const update = (id: string, input: AssistanceInput) =>
    sql
      .withTransaction(
        Effect.gen(function* () {
          yield* getById(id)
          yield* checkMembers(input)
          yield* checkUnique(input, id)
          yield* sql`UPDATE assistance SET ${sql.update(columns(input))}, updated_at = now() WHERE id = ${id}`
          yield* writeLinks(id, input)
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
            return yield* Effect.fail(
              new Conflict({ message: `El servicio está incluido en productos activos: ${products.map((p) => p.name).join(", ")}` })
            )
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
