import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { ProviderSpecialty, SpecialtyOfAssistance } from "@palma/core/domain"

/** Who has specialties: each kind of provider and its link table. */
export type ProviderKind = "specialist" | "partner"
export const providerLinks = {
  specialist: { table: "specialist_specialty", owner: "specialist_id" },
  partner: { table: "partner_specialty", owner: "partner_id" }
} as const

const OwnedSpecialty = Schema.Struct({ ...ProviderSpecialty.fields, owner_id: Schema.String })

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** Active specialties of active families, by family then name: the filters' and pickers' rows. */
  const options = SqlSchema.findAll({
    Request: Schema.Void,
    Result: ProviderSpecialty,
    execute: () => sql`SELECT s.id, s.name, f.id AS family_id, f.name AS family_name
      FROM specialty s JOIN family f ON f.id = s.family_id
      WHERE s.is_active AND f.is_active ORDER BY f.name, s.name, s.id`
  })

  /** The active specialties linked to each provider among `ids`, by family then name. */
  const ofProviders = (kind: ProviderKind, ids: ReadonlyArray<string>) =>
    ids.length === 0
      ? Effect.succeed(new Map<string, ReadonlyArray<ProviderSpecialty>>())
      : SqlSchema.findAll({
          Request: Schema.Array(Schema.String),
          Result: OwnedSpecialty,
          execute: (wanted) => sql`SELECT l.${sql(providerLinks[kind].owner)} AS owner_id, s.id, s.name, f.id AS family_id, f.name AS family_name
            FROM ${sql(providerLinks[kind].table)} l JOIN specialty s ON s.id = l.specialty_id JOIN family f ON f.id = s.family_id
            WHERE l.${sql(providerLinks[kind].owner)} IN ${sql.in(wanted)} AND s.is_active
            ORDER BY f.name, s.name, s.id`
        })(ids).pipe(
          Effect.map((rows) => {
            const byOwner = new Map<string, Array<ProviderSpecialty>>()
            for (const { owner_id, ...specialty } of rows) byOwner.set(owner_id, [...(byOwner.get(owner_id) ?? []), specialty])
            return byOwner as ReadonlyMap<string, ReadonlyArray<ProviderSpecialty>>
          })
        )

  /** Which of `ids` are active specialties. */
  const active = (ids: ReadonlyArray<string>) =>
    ids.length === 0
      ? Effect.succeed(new Set<string>())
      : sql<{ id: string }>`SELECT id FROM specialty WHERE id IN ${sql.in(ids)} AND is_active`.pipe(Effect.map((rows) => new Set(rows.map((r) => r.id))))

  /** The provider's specialties become exactly `ids`. */
  const replace = (kind: ProviderKind, providerId: string, ids: ReadonlyArray<string>) =>
    Effect.gen(function* () {
      const { table, owner } = providerLinks[kind]
      yield* sql`DELETE FROM ${sql(table)} WHERE ${sql(owner)} = ${providerId}`
      if (ids.length > 0) yield* sql`INSERT INTO ${sql(table)} ${sql.insert(ids.map((id) => ({ [owner]: providerId, specialty_id: id })))}`
    })

  /** The provider's active specialties that perform the assistance, by name (the case screens' combo). */
  const forAssistance = (kind: ProviderKind, providerId: string, assistanceId: string) =>
    SqlSchema.findAll({
      Request: Schema.Void,
      Result: SpecialtyOfAssistance,
      execute: () => sql`SELECT DISTINCT s.id AS specialty_id, s.name AS specialty_name
        FROM ${sql(providerLinks[kind].table)} l
          JOIN specialty s ON s.id = l.specialty_id AND s.is_active
          JOIN assistance_specialty a ON a.specialty_id = l.specialty_id
        WHERE l.${sql(providerLinks[kind].owner)} = ${providerId} AND a.assistance_id = ${assistanceId}
        ORDER BY s.name, s.id`
    })()

  return {
    options: options().pipe(Effect.orDie),
    ofProviders: (kind: ProviderKind, ids: ReadonlyArray<string>) => ofProviders(kind, ids).pipe(Effect.orDie),
    active: (ids: ReadonlyArray<string>) => active(ids).pipe(Effect.orDie),
    replace: (kind: ProviderKind, providerId: string, ids: ReadonlyArray<string>) => replace(kind, providerId, ids).pipe(Effect.orDie),
    forAssistance: (kind: ProviderKind, providerId: string, assistanceId: string) => forAssistance(kind, providerId, assistanceId).pipe(Effect.orDie)
  }
})

/** The specialties of specialists and partners in SQL: links, the pickers' rows, the case screens' combo. */
export class ProviderSpecialtiesRepo extends Context.Tag("palma/ProviderSpecialtiesRepo")<ProviderSpecialtiesRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(ProviderSpecialtiesRepo, make)
}
