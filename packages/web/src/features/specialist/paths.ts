import { fullName } from "@palma/core"
import type { ProviderScreen } from "../../components/provider/providerScreen"

/** Where the specialists list is; a specialist's page is under it (`/new` starts from a RUT). */
export const specialistListPath = "/entities/specialist"

/** How the specialist screens name them: with their surnames. */
export const specialistScreen: ProviderScreen<"specialist"> = {
  kind: "specialist",
  title: "Especialistas",
  noun: { singular: "especialista", gender: "m" },
  listPath: specialistListPath,
  nameOf: fullName
}
