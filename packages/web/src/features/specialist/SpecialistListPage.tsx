import { Text } from "@mantine/core"
import { SpecialistInput, type SpecialistPageItem } from "@palma/core"
import { DistrictFilter } from "../../components/provider/providerColumns"
import { providerList } from "../../components/provider/providerList"
import { SpecialtyFilter } from "../../components/provider/SpecialtyPicker"
import { ResourcePage } from "../../kit"
import { specialistScreen } from "./paths"
import { RemoteFilter } from "./RemoteFilter"

const nf = new Intl.NumberFormat("es-CL")

/** Where a specialist works: remotely, in how many comunas, or both. */
const attendance = (s: SpecialistPageItem) => {
  const comunas = s.districtCount === 0 ? null : s.districtCount === 1 ? "1 comuna" : `${nf.format(s.districtCount)} comunas`
  return [s.isRemote ? "Remota" : null, comunas].filter(Boolean).join(" · ") || "—"
}

const specialistResource = providerList(specialistScreen, {
  input: SpecialistInput,
  columns: (common) => [
    common.rut,
    common.name,
    common.specialties,
    common.district,
    { key: "isRemote", label: "Atención", sortable: true, render: (s) => <Text size="sm">{attendance(s)}</Text> },
    common.phone
  ],
  filters: [
    { key: "specialty_id", Control: SpecialtyFilter },
    { key: "district", Control: DistrictFilter },
    { key: "remote", Control: RemoteFilter }
  ]
})

/** Especialistas: paged and searched (RUT or name, accents ignored) on the server, filtered by specialty, comuna and remote work. */
export const SpecialistListPage = () => <ResourcePage config={specialistResource} />
