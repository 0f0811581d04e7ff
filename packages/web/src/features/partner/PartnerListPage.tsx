import { type PartnerDetail, PartnerInput, providerListActors } from "@palma/core"
import { providerColumns } from "../../components/provider/providerColumns"
import { SpecialtyFilter } from "../../components/provider/SpecialtyPicker"
import { type ResourceConfig, ResourcePage } from "../../kit"
import { partnerListPath } from "./paths"

const common = providerColumns<PartnerDetail>(partnerListPath, (p) => p.name)

const partnerResource: ResourceConfig<PartnerDetail, PartnerInput> = {
  name: "partner",
  actors: providerListActors("partner"),
  title: "Alianzas",
  noun: { singular: "alianza", gender: "f" },
  input: PartnerInput,
  columns: [common.rut, common.name, common.specialties, { key: "line", label: "Giro", sortable: true }, common.district, common.phone],
  fields: [],
  defaultSort: "name",
  // Partners have no comunas served nor remote work: the specialty is their filter.
  filters: [{ key: "specialty_id", Control: SpecialtyFilter }],
  pages: { create: `${partnerListPath}/new`, edit: (p) => `${partnerListPath}/${p.id}` }
}

/** Alianzas: paged and searched (RUT or name, accents ignored) on the server, filtered by specialty. */
export const PartnerListPage = () => <ResourcePage config={partnerResource} />
