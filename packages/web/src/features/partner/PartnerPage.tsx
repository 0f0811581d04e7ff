import { ProviderPage } from "../../components/provider/ProviderPage"
import { PartnerForm } from "./PartnerForm"
import { partnerScreen } from "./paths"

const screen = { ...partnerScreen, Form: PartnerForm }

/** A partner's page (`/entities/partner/:id`), or a new one from its RUT (`/entities/partner/new`). */
export const PartnerPage = () => <ProviderPage config={screen} />
