import { ProviderPage, type ProviderScreenConfig } from "../../components/provider/ProviderPage"
import { PartnerForm } from "./PartnerForm"
import { partnerListPath } from "./paths"

const screen: ProviderScreenConfig<"partner"> = {
  kind: "partner",
  title: "Alianzas",
  noun: { singular: "alianza", gender: "f" },
  listPath: partnerListPath,
  nameOf: (partner) => partner.name,
  Form: PartnerForm
}

/** A partner's page (`/entities/partner/:id`), or a new one from its RUT (`/entities/partner/new`). */
export const PartnerPage = () => <ProviderPage config={screen} />
