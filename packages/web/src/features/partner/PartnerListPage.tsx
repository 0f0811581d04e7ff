import { PartnerInput } from "@palma/core"
import { providerList } from "../../components/provider/providerList"
import { SpecialtyFilter } from "../../components/provider/SpecialtyPicker"
import { ResourcePage } from "../../kit"
import { partnerScreen } from "./paths"

const partnerResource = providerList(partnerScreen, {
  input: PartnerInput,
  columns: (common) => [common.rut, common.name, common.specialties, { key: "line", label: "Giro", sortable: true }, common.district, common.phone],
  // Partners have no comunas served nor remote work: the specialty is their filter.
  filters: [{ key: "specialty_id", Control: SpecialtyFilter }]
})

/** Alianzas: paged and searched (RUT or name, accents ignored) on the server, filtered by specialty. */
export const PartnerListPage = () => <ResourcePage config={partnerResource} />
