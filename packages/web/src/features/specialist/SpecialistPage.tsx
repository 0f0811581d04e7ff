import { ProviderPage } from "../../components/provider/ProviderPage"
import { specialistScreen } from "./paths"
import { SpecialistForm } from "./SpecialistForm"

const screen = { ...specialistScreen, Form: SpecialistForm }

/** A specialist's page (`/entities/specialist/:id`), or a new one from its RUT (`/entities/specialist/new`). */
export const SpecialistPage = () => <ProviderPage config={screen} />
