import { type Call, type ListResult, type ResourceQuery, resourceMachine } from "@palma/core"
import { type PromiseActorLogic, createActor, waitFor } from "xstate"
import { CliError, ExitCode, fromApiFailure } from "../errors.js"
import { type Column, type Grid, toGrid } from "../output/cells.js"
import type { ContractorFilters } from "./contractor.js"
import type { ProviderFilters } from "./providers.js"

/** What a listing prints: the server's items as they came (JSON) and the formatted grid (table, CSV). */
export interface Listing {
  readonly items: ReadonlyArray<unknown>
  readonly grid: Grid
}

/** What `palma list` asks for: the machine's query, and the provider or contractor lists' filters. */
export interface ListQuery extends ResourceQuery {
  readonly providers?: ProviderFilters
  readonly contractors?: ContractorFilters
}

/** A filter some resources take (`--search`, `--type`…), named as the resource's query names it. */
export type FilterName = keyof ProviderFilters | keyof ContractorFilters

/** A listable resource, its row type hidden so resources of different shapes share one registry. */
export interface Resource {
  readonly name: string
  /** Whether `--family` filters it (masters that belong to a family). */
  readonly familyScoped: boolean
  /** The filters it takes (`--search`, `--specialty`, `--type`…); none for the masters. */
  readonly filters: ReadonlyArray<FilterName>
  readonly list: (call: Call, query: ListQuery) => Promise<Listing>
}

/** The actors the CLI needs from a resource: only `list`, the CLI writes no master data. */
export interface ListingActors<A> {
  readonly list: PromiseActorLogic<ListResult<A>, ResourceQuery>
}

/** Lists by driving the core resource machine (loading → ready | failure), as the web does. */
export const defineResource = <A extends { readonly id: string }>(spec: {
  readonly name: string
  readonly familyScoped: boolean
  readonly filters?: ReadonlyArray<FilterName>
  readonly columns: ReadonlyArray<Column<A>>
  readonly actors: (call: Call, query: ListQuery) => ListingActors<A>
}): Resource => ({
  name: spec.name,
  familyScoped: spec.familyScoped,
  filters: spec.filters ?? [],
  list: async (call, query) => {
    const machine = resourceMachine<A>().provide({ actors: spec.actors(call, query) })
    const actor = createActor(machine, { input: { query } }).start()
    try {
      const snapshot = await waitFor(actor, (s) => s.matches("ready") || s.matches("failure"))
      if (snapshot.matches("failure")) {
        // The machine keeps the failure's status: the exit code follows it.
        const { failure } = snapshot.context
        throw failure === null ? new CliError("No se pudo obtener la lista.", ExitCode.failure) : fromApiFailure(failure)
      }
      return { items: snapshot.context.items, grid: toGrid(spec.columns, snapshot.context.items) }
    } finally {
      actor.stop()
    }
  }
})
