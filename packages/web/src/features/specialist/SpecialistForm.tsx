import { Checkbox, SimpleGrid, TextInput } from "@mantine/core"
import { type ProviderFormProps } from "../../components/provider/ProviderPage"
import { ContactFields } from "../../components/provider/ContactFields"
import { fieldKeyOf, ProviderFormFrame } from "../../components/provider/ProviderFormFrame"
import { ServedDistrictsPicker } from "../../components/provider/ServedDistrictsPicker"
import { SpecialtyPicker } from "../../components/provider/SpecialtyPicker"
import { SpecialistInput, type SpecialistDetail, INVALID_TYPED_DATE } from "@palma/core"
import { useSchemaForm, useStaleReload } from "../../kit"
import { personLabels } from "../../lib/people/personLabels"
import { isoOfTyped, isTypedDate, typedOf } from "./birthDate"

interface Values extends Record<string, unknown> {
  name: string
  paternalLastName: string
  maternalLastName: string
  /** As typed, dd-mm-aaaa. */
  birthDate: string
  address: string
  district: string | null
  email: string
  phone: string
  isRemote: boolean
  specialties: string[]
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

/** What the stale-record notice calls each field the person may have typed. */
const labels = {
  ...personLabels,
  specialties: "Especialidades",
  isRemote: "Atención remota",
  districts: "Comunas que atiende"
} as const

// Module-level: the form's effects depend on it, so it must not change between renders.
const keyOf = fieldKeyOf(valuesOf(null))

/**
 * A specialist's data: who they are, how to reach them, their specialties (by family) and where
 * they work (comunas by region, or remote). The contract's schema checks it before sending.
 */
export const SpecialistForm = (page: ProviderFormProps<"specialist">) => {
  const { record, rut, rejection, onSubmit } = page
  const { form, submit, unshown, element } = useSchemaForm<Values, SpecialistInput>({
    name: "specialist-form",
    initialValues: valuesOf(record),
    schema: SpecialistInput,
    bodyOf: (values) => ({ ...values, rut, birthDate: isoOfTyped(values.birthDate) }),
    keyOf,
    check: (values) => (isTypedDate(values.birthDate) ? {} : { birthDate: INVALID_TYPED_DATE }),
    rejection,
    onSubmit
  })
  const staleness = useStaleReload<Values, SpecialistDetail>({ read: page.reload, item: record, rejection, form, valuesOf, labels })
  return (
    <ProviderFormFrame
      page={page}
      label="Datos del especialista"
      element={element}
      submit={submit}
      dirty={form.isDirty()}
      unshown={unshown}
      staleness={staleness}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...form.getInputProps("name")} key={form.key("name")} label="Nombre" required maxLength={80} autoFocus={record === null} />
        <TextInput {...form.getInputProps("paternalLastName")} key={form.key("paternalLastName")} label="Apellido paterno" required maxLength={80} />
        <TextInput {...form.getInputProps("maternalLastName")} key={form.key("maternalLastName")} label="Apellido materno" maxLength={80} />
        <TextInput {...form.getInputProps("birthDate")} key={form.key("birthDate")} label="Fecha de nacimiento" placeholder="dd-mm-aaaa" maxLength={10} />
        <ContactFields form={form} />
      </SimpleGrid>
      <SpecialtyPicker value={form.getValues().specialties} onChange={(ids) => form.setFieldValue("specialties", ids)} error={form.errors.specialties} />
      <Checkbox
        {...form.getInputProps("isRemote", { type: "checkbox" })}
        key={form.key("isRemote")}
        label="Atención remota"
        description="Atiende casos de cualquier comuna a distancia (por teléfono o video)."
      />
      <ServedDistrictsPicker value={form.getValues().districts} onChange={(codes) => form.setFieldValue("districts", codes)} error={form.errors.districts} />
    </ProviderFormFrame>
  )
}
