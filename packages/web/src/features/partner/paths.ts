import type { ProviderScreen } from "../../components/provider/providerScreen"

/** Where the partners list is; a partner's page is under it (`/new` starts from a RUT). */
export const partnerListPath = "/entities/partner"

/** How the partner screens name them. */
export const partnerScreen: ProviderScreen<"partner"> = {
  kind: "partner",
  title: "Alianzas",
  noun: { singular: "alianza", gender: "f" },
  listPath: partnerListPath,
  nameOf: (partner) => partner.name
}
