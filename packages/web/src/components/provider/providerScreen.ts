import type { ProviderDetail, ProviderKind, ProviderRow } from "@palma/core"
import type { Noun } from "../../kit"

/** What names one kind of provider on its screens, the list and a provider's page alike. */
export interface ProviderScreen<K extends ProviderKind> {
  readonly kind: K
  /** The list's title, plural: "Especialistas". */
  readonly title: string
  readonly noun: Noun
  /** Where the list is ("/entities/specialist"); a provider's page is under it (`/new` starts from a RUT). */
  readonly listPath: string
  /** How a provider is named (a specialist with their surnames), in a row or on its page. */
  readonly nameOf: (provider: ProviderRow<K> | ProviderDetail<K>) => string
}
