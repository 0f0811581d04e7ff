import { SimpleGrid, TextInput } from "@mantine/core"
import { type PartnerDetail, PartnerInput } from "@palma/core"
import { ContactFields } from "../../components/provider/ContactFields"
import { fieldKeyOf, ProviderFormFrame } from "../../components/provider/ProviderFormFrame"
import type { ProviderFormProps } from "../../components/provider/ProviderPage"
import { SpecialtyPicker } from "../../components/provider/SpecialtyPicker"
import { useSchemaForm, useStaleReload } from "../../kit"

interface Values extends Record<string, unknown> {
  name: string
  legalrepresentative: string
  line: string
  address: string
  district: string | null
  email: string
  phone: string
  specialties: string[]
}

const valuesOf = (p: PartnerDetail | null): Values => ({
  name: p?.name ?? "",
  legalrepresentative: p?.legalrepresentative ?? "",
  line: p?.line ?? "",
  address: p?.address ?? "",
  district: p?.district_id ?? null,
  email: p?.email ?? "",
  phone: p?.phone ?? "",
  specialties: p?.specialties.map((s) => s.id) ?? []
})

/** What the stale-record notice calls each field the person may have typed. */
const labels = {
  name: "Razón social",
  legalrepresentative: "Representante legal",
  line: "Giro",
  address: "Dirección",
  email: "Correo electrónico",
  phone: "Teléfono",
  specialties: "Especialidades"
} as const

// Module-level: the form's effects depend on it, so it must not change between renders.
const keyOf = fieldKeyOf(valuesOf(null))

/** A partner's data: the company, its representative and line of business, contact, and its specialties (by family). */
export const PartnerForm = (page: ProviderFormProps<"partner">) => {
  const { record, rut, rejection, onSubmit } = page
  const { form, submit, unshown, element } = useSchemaForm<Values, PartnerInput>({
    name: "partner-form",
    initialValues: valuesOf(record),
    schema: PartnerInput,
    bodyOf: (values) => ({ ...values, rut }),
    keyOf,
    rejection,
    onSubmit
  })
  const staleness = useStaleReload<Values, PartnerDetail>({ read: page.reload, item: record, rejection, form, valuesOf, labels })
  return (
    <ProviderFormFrame page={page} label="Datos de la alianza" element={element} submit={submit} dirty={form.isDirty()} unshown={unshown} staleness={staleness}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...form.getInputProps("name")} key={form.key("name")} label="Razón social" required maxLength={120} autoFocus={record === null} />
        <TextInput {...form.getInputProps("legalrepresentative")} key={form.key("legalrepresentative")} label="Representante legal" maxLength={120} />
        <TextInput {...form.getInputProps("line")} key={form.key("line")} label="Giro" maxLength={120} />
        <ContactFields form={form} />
      </SimpleGrid>
      <SpecialtyPicker value={form.getValues().specialties} onChange={(ids) => form.setFieldValue("specialties", ids)} error={form.errors.specialties} />
    </ProviderFormFrame>
  )
}
