import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import type { HttpApiGroup } from "@effect/platform"
import { Effect, type Layer, Schema } from "effect"
import type { SqlClient } from "@effect/sql"
import { type MasterName, PalmaApi, type PageQuery } from "@palma/core"
import { MasterCache } from "./MasterCache.js"
import { makeMasterRepo } from "./MasterRepo.js"
import type { MasterTable } from "./MasterTable.js"

/** The handlers every master group shares, typed once here instead of per group. */
interface MasterHandlers {
  handle(name: string, handler: (request: never) => Effect.Effect<unknown, unknown, never>): MasterHandlers
}

/**
 * Implements one master group of the contract over its table declaration.
 * Rows are decoded with the entity schema so a drifted column is a loud defect,
 * not a malformed response.
 */
export const masterGroupLive = <N extends MasterName, A, I, In extends Record<string, unknown>, Resolved extends Record<string, unknown>>(
  name: N,
  entity: Schema.Schema<A, I>,
  spec: MasterTable<In, Resolved>
): Layer.Layer<HttpApiGroup.ApiGroup<"palma", N>, never, SqlClient.SqlClient | MasterCache> =>
  HttpApiBuilder.group(
    PalmaApi,
    name as MasterName,
    ((handlers: unknown) =>
      Effect.gen(function* () {
        const repo = yield* makeMasterRepo(spec)
        const decode = Schema.decodeUnknown(entity)
        const decodeAll = Schema.decodeUnknown(Schema.Array(entity))
        const encodeAll = Schema.encode(Schema.Array(entity))
        const cache = yield* MasterCache
        const one = <E, R>(effect: Effect.Effect<Record<string, unknown>, E, R>) => effect.pipe(Effect.flatMap((row) => Effect.orDie(decode(row))))
        // The group-specific reads the contract declares for family-scoped masters.
        const endpoints: Record<string, unknown> = PalmaApi.groups[name]?.endpoints ?? {}
        const families = repo.families
        const extra = (h: MasterHandlers): MasterHandlers => {
          let out = h
          if ("families" in endpoints) out = out.handle("families", () => families)
          if ("getFamilies" in endpoints) {
            out = out.handle("getFamilies", () => Effect.map(families, (rows) => rows.map((f) => ({ id: f.family_id, name: f.family_name, isActive: true }))))
          }
          if ("getByFamilyId" in endpoints) {
            out = out.handle("getByFamilyId", ({ path }: { path: { family_id: string } }) =>
              repo.list(path.family_id).pipe(Effect.flatMap((rows) => Effect.orDie(decodeAll(rows))))
            )
          }
          return out
        }
        // Each group of the union has the same handler signatures; TS cannot see it through the generic name.
        return (
          extra(handlers as MasterHandlers)
            // The most read endpoint: served as ready-made JSON bytes while the cache holds.
            .handle("list", ({ urlParams }: { urlParams: { family_id?: string } }) =>
              cache.read(
                `${spec.table}:response:${urlParams.family_id ?? ""}`,
                repo.list(urlParams.family_id).pipe(
                  Effect.flatMap((rows) => Effect.orDie(decodeAll(rows))),
                  Effect.flatMap((items) => Effect.orDie(encodeAll(items))),
                  Effect.map((json) => HttpServerResponse.unsafeJson(json))
                )
              )
            )
            .handle("page", ({ urlParams }: { urlParams: PageQuery }) =>
              repo.page(urlParams).pipe(Effect.flatMap((page) => Effect.orDie(decodeAll(page.items)).pipe(Effect.map((items) => ({ ...page, items })))))
            )
            .handle("getById", ({ path }: { path: { id: string } }) => one(repo.getById(path.id)))
            .handle("create", ({ payload }: { payload: In }) => one(repo.create(payload)))
            // `PUT /update/:id`, or the seed's `PUT /updateById` with the id in the body.
            .handle("update", ({ path, payload }: { path?: { id: string }; payload: In & { id?: string } }) =>
              one(repo.update(path?.id ?? payload.id!, payload))
            )
            .handle("delete", ({ path }: { path: { id: string } }) => one(repo.remove(path.id)))
        )
      })) as never
  ) as never
