import { fullName } from "@palma/core"
import { ProviderPage, type ProviderScreenConfig } from "../../components/provider/ProviderPage"
import { specialistListPath } from "./paths"
import { SpecialistForm } from "./SpecialistForm"

const screen: ProviderScreenConfig<"specialist"> = {
  kind: "specialist",
  title: "Especialistas",
  noun: { singular: "especialista", gender: "m" },
  listPath: specialistListPath,
  nameOf: fullName,
  Form: SpecialistForm
}

/** A specialist's page (`/entities/specialist/:id`), or a new one from its RUT (`/entities/specialist/new`). */
export const SpecialistPage = () => <ProviderPage config={screen} />
