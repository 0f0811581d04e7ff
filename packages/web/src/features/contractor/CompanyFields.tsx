import { TextInput } from "@mantine/core"
import type { UseFormReturnType } from "@mantine/form"
import type { ContractorValues } from "./contractorValues"

/** A company's own fields, beside its razón social: who represents it and its line of business. */
export const CompanyFields = ({ form }: { readonly form: UseFormReturnType<ContractorValues> }) => (
  <>
    <TextInput {...form.getInputProps("legalRepresentative")} key={form.key("legalRepresentative")} label="Representante legal" maxLength={120} />
    <TextInput {...form.getInputProps("line")} key={form.key("line")} label="Giro" maxLength={120} />
  </>
)
