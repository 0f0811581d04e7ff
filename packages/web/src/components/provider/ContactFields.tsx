import { TextInput } from "@mantine/core"
import type { UseFormReturnType } from "@mantine/form"
import { DistrictSelect } from "../district/DistrictSelect"

/** The address and contact a provider's form holds, as typed. */
export interface ContactValues {
  address: string
  /** The comuna's CUT code (sent as such; the server also takes names). */
  district: string | null
  email: string
  phone: string
}

/** Dirección, Comuna, Correo electrónico and Teléfono, as every provider has them. */
export const ContactFields = <V extends ContactValues>({ form }: { readonly form: UseFormReturnType<V> }) => (
  <>
    <TextInput {...form.getInputProps("address")} key={form.key("address")} label="Dirección" maxLength={200} />
    <DistrictSelect {...form.getInputProps("district")} key={form.key("district")} value={form.getValues().district} label="Comuna" />
    <TextInput {...form.getInputProps("email")} key={form.key("email")} label="Correo electrónico" type="email" maxLength={254} />
    <TextInput {...form.getInputProps("phone")} key={form.key("phone")} label="Teléfono" type="tel" placeholder="+56 9 1234 5678" maxLength={24} />
  </>
)
