import { SimpleGrid, TextInput } from "@mantine/core"
import type { FormErrors, SetFieldValue, UseFormReturnType } from "@mantine/form"
import type { ProviderDetail, ProviderInput, ProviderKind } from "@palma/core"
import type { Schema } from "effect"
import type { ReactNode } from "react"
import { useSchemaForm, useStaleReload } from "../../kit"
import { type ContactValues, ContactFields } from "./ContactFields"
import { fieldKeyOf, ProviderFormFrame } from "./ProviderFormFrame"
import type { ProviderFormProps } from "./ProviderPage"
import { SpecialtyPicker } from "./SpecialtyPicker"

/** What every provider's form holds: its name, where it is and how to reach it, its specialties (by id). */
export interface ProviderValues extends ContactValues, Record<string, unknown> {
  name: string
  specialties: string[]
}

/** What tells one kind's form from the other: its schema and values, and the fields only it has, as slots. */
export interface ProviderFormSpec<K extends ProviderKind, V extends ProviderValues> {
  /** Names the form's inputs (Mantine's form name). */
  readonly name: string
  /** The form's accessible name: "Datos del especialista". */
  readonly label: string
  /** The kind's `create` body (an upsert by RUT), which checks the form before sending. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any wire shape: only the decoded side is used
  readonly schema: Schema.Schema<ProviderInput<K>, any>
  /** The form's values for the record (null: a new one). */
  readonly valuesOf: (record: ProviderDetail<K> | null) => V
  /** The body the values stand for, the RUT (the key, not a field) aside. */
  readonly bodyOf?: (values: V) => Record<string, unknown>
  /** Checks of the form's own, before the schema's (a date as typed). */
  readonly check?: (values: V) => FormErrors
  /** What the stale-record notice calls each field the person may have typed. */
  readonly labels: Readonly<Partial<Record<keyof V & string, string>>>
  /** The name's label and length ("Razón social", 120). */
  readonly nameField: { readonly label: string; readonly maxLength: number }
  /** The kind's own fields after the name, beside the contact (a partner's representative, a specialist's surnames). */
  readonly identity: (form: UseFormReturnType<V>) => ReactNode
  /** The kind's own fields after the specialties (where a specialist works). */
  readonly more?: (form: UseFormReturnType<V>) => ReactNode
}

/**
 * A provider's form, made once per kind: the name and the kind's own fields, the contact, the
 * specialties (by family) and whatever the kind adds, checked by the contract's schema before
 * sending, inside the frame every provider form shares (leave guard, refusals, Recargar over
 * someone else's change).
 */
export const providerForm = <K extends ProviderKind, V extends ProviderValues>(spec: ProviderFormSpec<K, V>) => {
  // Made once: the form's effects depend on it, so it must not change between renders.
  const keyOf = fieldKeyOf(spec.valuesOf(null))
  const bodyOf = spec.bodyOf ?? ((values: V) => values)
  const ProviderForm = (page: ProviderFormProps<K>) => {
    const { record, rut, rejection, onSubmit } = page
    const { form, submit, unshown, element } = useSchemaForm<V, ProviderInput<K>>({
      name: spec.name,
      initialValues: spec.valuesOf(record),
      schema: spec.schema,
      bodyOf: (values) => ({ ...bodyOf(values), rut }),
      keyOf,
      ...(spec.check === undefined ? {} : { check: spec.check }),
      rejection,
      onSubmit
    })
    // The fields every kind has, set as ProviderValues' (Mantine's path types cannot see them through V).
    const setShared: SetFieldValue<ProviderValues> = form.setFieldValue
    const staleness = useStaleReload<V, ProviderDetail<K>>({ read: page.reload, item: record, rejection, form, valuesOf: spec.valuesOf, labels: spec.labels })
    return (
      <ProviderFormFrame page={page} label={spec.label} element={element} submit={submit} dirty={form.isDirty()} unshown={unshown} staleness={staleness}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...form.getInputProps("name")}
            key={form.key("name")}
            label={spec.nameField.label}
            required
            maxLength={spec.nameField.maxLength}
            autoFocus={record === null}
          />
          {spec.identity(form)}
          <ContactFields form={form} />
        </SimpleGrid>
        <SpecialtyPicker value={form.getValues().specialties} onChange={(ids) => setShared("specialties", ids)} error={form.errors.specialties} />
        {spec.more?.(form)}
      </ProviderFormFrame>
    )
  }
  return ProviderForm
}
