import { type HttpApiBuilder, type HttpApiEndpoint, type HttpApiGroup, HttpServerResponse } from "@effect/platform"
import { Effect, Schema } from "effect"
import type { masterGroup } from "@palma/core/api"
import { asHttp, type HttpOf } from "../http/domainErrors.js"
import { answerVersioned, ifMatch } from "../http/etag.js"
import { MasterCache } from "./MasterCache.js"
import { makeMasterService, type MasterService } from "./MasterService.js"
import type { MasterTable } from "./MasterTableSql.js"

/**
 * The endpoints every master group declares whose requests do not carry the input: `create` and
 * `update` are left to each group, where the compiler knows the input's type (over a generic input
 * it cannot tell a payload from none). Taken from the contract's own builder, so a change there is
 * a type error here.
 */
type CommonEndpoints<A, In> = HttpApiEndpoint.HttpApiEndpoint.ExcludeName<
  HttpApiGroup.HttpApiGroup.Endpoints<ReturnType<typeof masterGroup<string, A, unknown, In, unknown>>>,
  "create" | "update"
>

/** A master as a group's own handlers use it: writes answer the row with its `ETag`, `update` honours `If-Match`. */
export interface MasterHandlers<A, In> extends Pick<MasterService<A, In>, "list" | "families"> {
  readonly create: (input: In) => Effect.Effect<A, HttpOf<Effect.Effect.Error<ReturnType<MasterService<A, In>["create"]>>>>
  readonly update: (id: string, input: In) => ReturnType<typeof withIfMatch<A, In>>
}

const withIfMatch = <A, In>(master: MasterService<A, In>, id: string, input: In) =>
  ifMatch.pipe(
    Effect.flatMap((precondition) => asHttp(master.update(id, input, precondition))),
    Effect.flatMap(answerVersioned)
  )

const handlersOf = <A, In>(master: MasterService<A, In>): MasterHandlers<A, In> => ({
  list: master.list,
  families: master.families,
  create: (input) => Effect.flatMap(asHttp(master.create(input)), answerVersioned),
  update: (id, input) => withIfMatch(master, id, input)
})

/** A master group's reads, delete and restore over its service, once the group's own endpoints are handled. */
const commonHandlers = <E, P, R, A, I, In>(
  handlers: HttpApiBuilder.Handlers<E, P, R, CommonEndpoints<A, In>>,
  master: MasterService<A, In>,
  entity: Schema.Schema<A, I>,
  table: string
) =>
  Effect.map(MasterCache, (cache) => {
    const encodeAll = Schema.encode(Schema.Array(entity))
    return (
      handlers
        // The most read endpoint: served as ready-made JSON bytes while the cache holds.
        .handle("list", ({ urlParams }) =>
          cache.read(
            `${table}:response:${urlParams.family_id ?? ""}`,
            master.list(urlParams.family_id).pipe(
              Effect.flatMap((items) => Effect.orDie(encodeAll(items))),
              Effect.map((json) => HttpServerResponse.unsafeJson(json))
            )
          )
        )
        .handle("page", ({ urlParams }) => master.page(urlParams))
        .handle("getById", ({ path }) => Effect.flatMap(asHttp(master.getById(path.id)), answerVersioned))
        .handle("delete", ({ path }) => Effect.flatMap(ifMatch, (precondition) => asHttp(master.remove(path.id, precondition))))
        .handle("deleted", ({ urlParams }) => master.deleted(urlParams))
        .handle("restore", ({ path }) => Effect.flatMap(asHttp(master.restore(path.id)), answerVersioned))
    )
  })

/**
 * Implements a master group over its table: `own` handles what differs between groups (`create`,
 * `update`, the family-scoped reads) with the master's handlers, and the rest is common.
 */
export const masterGroupHandlers = <A extends { readonly id: string; readonly isActive: boolean }, I, In, Resolved, E, P, R>(
  entity: Schema.Schema<A, I>,
  table: MasterTable<A, In, Resolved>,
  own: (master: MasterHandlers<A, In>) => HttpApiBuilder.Handlers<E, P, R, CommonEndpoints<A, In>>
) => Effect.flatMap(makeMasterService(entity, table), (master) => commonHandlers(own(handlersOf(master)), master, entity, table.table))
