import { Text } from "@mantine/core"
import { fullName, providerListActors, SpecialistInput, type SpecialistPageItem } from "@palma/core"
import { DistrictFilter, providerColumns } from "../../components/provider/providerColumns"
import { SpecialtyFilter } from "../../components/provider/SpecialtyPicker"
import { type ResourceConfig, ResourcePage } from "../../kit"
import { specialistListPath } from "./paths"
import { RemoteFilter } from "./RemoteFilter"

const nf = new Intl.NumberFormat("es-CL")
const common = providerColumns<SpecialistPageItem>(specialistListPath, fullName)

/** Where a specialist works: remotely, in how many comunas, or both. */
const attendance = (s: SpecialistPageItem) => {
  const comunas = s.districtCount === 0 ? null : s.districtCount === 1 ? "1 comuna" : `${nf.format(s.districtCount)} comunas`
  return [s.isRemote ? "Remota" : null, comunas].filter(Boolean).join(" · ") || "—"
}

const specialistResource: ResourceConfig<SpecialistPageItem, SpecialistInput> = {
  name: "specialist",
  actors: providerListActors("specialist"),
  title: "Especialistas",
  noun: { singular: "especialista", gender: "m" },
  input: SpecialistInput,
  columns: [
    common.rut,
    common.name,
    common.specialties,
    common.district,
    { key: "isRemote", label: "Atención", sortable: true, render: (s) => <Text size="sm">{attendance(s)}</Text> },
    common.phone
  ],
  fields: [],
  defaultSort: "name",
  itemName: fullName,
  filters: [
    { key: "specialty_id", Control: SpecialtyFilter },
    { key: "district", Control: DistrictFilter },
    { key: "remote", Control: RemoteFilter }
  ],
  pages: { create: `${specialistListPath}/new`, edit: (s) => `${specialistListPath}/${s.id}` }
}

/** Especialistas: paged and searched (RUT or name, accents ignored) on the server, filtered by specialty, comuna and remote work. */
export const SpecialistListPage = () => <ResourcePage config={specialistResource} />
