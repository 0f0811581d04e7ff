import type { ProviderInput, ProviderKind, ProviderRow } from "@palma/core"
import { providerListActors } from "@palma/core"
import type { Schema } from "effect"
import type { Column, ListFilter, ResourceConfig } from "../../kit"
import { providerColumns } from "./providerColumns"
import type { ProviderScreen } from "./providerScreen"

/** What a kind's list shows beyond what every provider list has: its columns (from the shared ones) and its filters. */
export interface ProviderListSpec<K extends ProviderKind> {
  /** The kind's `create` body: the list never writes with it (providers are written on their own page), the kit wants it declared. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any wire shape: only the decoded side is used
  readonly input: Schema.Schema<ProviderInput<K>, any>
  readonly columns: (common: ReturnType<typeof providerColumns<ProviderRow<K>>>) => ReadonlyArray<Column<ProviderRow<K>>>
  readonly filters: ReadonlyArray<ListFilter>
}

/**
 * A provider list as the kit's resource page shows it: Palma's page of the kind, searched (RUT or
 * name, accents ignored) and filtered on the server, sorted by name first; Nuevo and a row's name
 * open the provider's own page, where it is written.
 */
export const providerList = <K extends ProviderKind>(
  screen: ProviderScreen<K>,
  spec: ProviderListSpec<K>
): ResourceConfig<ProviderRow<K>, ProviderInput<K>> => ({
  name: screen.kind,
  actors: providerListActors(screen.kind),
  title: screen.title,
  noun: screen.noun,
  input: spec.input,
  columns: spec.columns(providerColumns<ProviderRow<K>>(screen.listPath, screen.nameOf)),
  fields: [],
  defaultSort: "name",
  itemName: screen.nameOf,
  filters: spec.filters,
  pages: { create: `${screen.listPath}/new`, edit: (row) => `${screen.listPath}/${row.id}` }
})
