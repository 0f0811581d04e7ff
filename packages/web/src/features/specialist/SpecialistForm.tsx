import { Checkbox, TextInput } from "@mantine/core"
import { INVALID_TYPED_DATE, type SpecialistDetail, SpecialistInput } from "@palma/core"
import { providerForm, type ProviderValues } from "../../components/provider/ProviderForm"
import { ServedDistrictsPicker } from "../../components/provider/ServedDistrictsPicker"
import { personLabels } from "../../lib/people/personLabels"
import { isoOfTyped, isTypedDate, typedOf } from "./birthDate"

interface Values extends ProviderValues {
  paternalLastName: string
  maternalLastName: string
  /** As typed, dd-mm-aaaa. */
  birthDate: string
  isRemote: boolean
  /** The comunas served, as CUT codes. */
  districts: string[]
}

const valuesOf = (s: SpecialistDetail | null): Values => ({
  name: s?.name ?? "",
  paternalLastName: s?.paternalLastName ?? "",
  maternalLastName: s?.maternalLastName ?? "",
  birthDate: typedOf(s?.birthDate ?? null),
  address: s?.address ?? "",
  district: s?.district_id ?? null,
  email: s?.email ?? "",
  phone: s?.phone ?? "",
  isRemote: s?.isRemote ?? false,
  specialties: s?.specialties.map((x) => x.id) ?? [],
  districts: s?.districts.map((d) => d.id) ?? []
})

/**
 * A specialist's data: who they are, how to reach them, their specialties (by family) and where
 * they work (comunas by region, or remote). The contract's schema checks it before sending.
 */
export const SpecialistForm = providerForm<"specialist", Values>({
  name: "specialist-form",
  label: "Datos del especialista",
  schema: SpecialistInput,
  valuesOf,
  bodyOf: (values) => ({ ...values, birthDate: isoOfTyped(values.birthDate) }),
  check: (values) => (isTypedDate(values.birthDate) ? {} : { birthDate: INVALID_TYPED_DATE }),
  labels: { ...personLabels, specialties: "Especialidades", isRemote: "Atención remota", districts: "Comunas que atiende" },
  nameField: { label: "Nombre", maxLength: 80 },
  identity: (form) => (
    <>
      <TextInput {...form.getInputProps("paternalLastName")} key={form.key("paternalLastName")} label="Apellido paterno" required maxLength={80} />
      <TextInput {...form.getInputProps("maternalLastName")} key={form.key("maternalLastName")} label="Apellido materno" maxLength={80} />
      <TextInput {...form.getInputProps("birthDate")} key={form.key("birthDate")} label="Fecha de nacimiento" placeholder="dd-mm-aaaa" maxLength={10} />
    </>
  ),
  more: (form) => (
    <>
      <Checkbox
        {...form.getInputProps("isRemote", { type: "checkbox" })}
        key={form.key("isRemote")}
        label="Atención remota"
        description="Atiende casos de cualquier comuna a distancia (por teléfono o video)."
      />
      <ServedDistrictsPicker value={form.getValues().districts} onChange={(codes) => form.setFieldValue("districts", codes)} error={form.errors.districts} />
    </>
  )
})
