import { TextInput } from "@mantine/core"
import { type PartnerDetail, PartnerInput } from "@palma/core"
import { providerForm, type ProviderValues } from "../../components/provider/ProviderForm"

interface Values extends ProviderValues {
  legalrepresentative: string
  line: string
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

/** A partner's data: the company, its representative and line of business, contact, and its specialties (by family). */
export const PartnerForm = providerForm<"partner", Values>({
  name: "partner-form",
  label: "Datos de la alianza",
  schema: PartnerInput,
  valuesOf,
  labels: {
    name: "Razón social",
    legalrepresentative: "Representante legal",
    line: "Giro",
    address: "Dirección",
    email: "Correo electrónico",
    phone: "Teléfono",
    specialties: "Especialidades"
  },
  nameField: { label: "Razón social", maxLength: 120 },
  identity: (form) => (
    <>
      <TextInput {...form.getInputProps("legalrepresentative")} key={form.key("legalrepresentative")} label="Representante legal" maxLength={120} />
      <TextInput {...form.getInputProps("line")} key={form.key("line")} label="Giro" maxLength={120} />
    </>
  )
})
