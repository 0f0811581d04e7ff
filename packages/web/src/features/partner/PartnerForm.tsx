import { Button, Group, SimpleGrid, Stack, TextInput } from "@mantine/core"
import { type PartnerDetail, PartnerInput } from "@palma/core"
import { Link } from "react-router"
import { ContactFields } from "../../components/provider/ContactFields"
import type { ProviderFormProps } from "../../components/provider/ProviderPage"
import { SpecialtyPicker } from "../../components/provider/SpecialtyPicker"
import { LeaveGuard, RejectionAlert, useSchemaForm } from "../../kit"
import { partnerListPath } from "./paths"

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

const fields = new Set(Object.keys(valuesOf(null)))

/** A partner's data: the company, its representative and line of business, contact, and its specialties (by family). */
export const PartnerForm = ({ record, rut, saving, writing, rejection, submitLabel, onSubmit }: ProviderFormProps<"partner">) => {
  const { form, submit, unshown, element } = useSchemaForm<Values, PartnerInput>({
    name: "partner-form",
    initialValues: valuesOf(record),
    schema: PartnerInput,
    bodyOf: (values) => ({ ...values, rut }),
    keyOf: (path) => (typeof path[0] === "string" && fields.has(path[0]) ? path[0] : null),
    rejection,
    onSubmit
  })
  return (
    <form ref={element} noValidate aria-label="Datos de la alianza" onSubmit={submit}>
      <Stack>
        <LeaveGuard dirty={form.isDirty() && !writing} />
        <RejectionAlert rejection={rejection} unshown={unshown} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...form.getInputProps("name")} key={form.key("name")} label="Razón social" required maxLength={120} autoFocus={record === null} />
          <TextInput {...form.getInputProps("legalrepresentative")} key={form.key("legalrepresentative")} label="Representante legal" maxLength={120} />
          <TextInput {...form.getInputProps("line")} key={form.key("line")} label="Giro" maxLength={120} />
          <ContactFields form={form} />
        </SimpleGrid>
        <SpecialtyPicker value={form.getValues().specialties} onChange={(ids) => form.setFieldValue("specialties", ids)} error={form.errors.specialties} />
        <Group justify="flex-end">
          <Button component={Link} to={partnerListPath} variant="default">
            Volver a Alianzas
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
