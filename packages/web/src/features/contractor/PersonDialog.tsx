import { NativeSelect, SimpleGrid, Stack } from "@mantine/core"
import { BeneficiaryUpsertInput } from "@palma/core"
import { FormActions, FormDialog, RejectionAlert, useSchemaForm, type WriteRejection } from "../../kit"
import { useLookup } from "../../lib/lookups/useLookup"
import { blankPerson, isoDate, personChecks, PersonFields, personFieldKeys, type PersonValues, requiredForNew } from "./PersonFields"

type PersonFormValues = PersonValues & {
  /** A carga's relationship id; null for a titular. */
  relationship: string | null
}

/** What the dialog edits: a titular, a carga of a titular, or a new carga. */
export type PersonEdit =
  | { readonly kind: "insured"; readonly title: string; readonly values: PersonValues }
  | { readonly kind: "beneficiary"; readonly title: string; readonly values: PersonValues; readonly relationship: string | null }
  | { readonly kind: "addBeneficiary"; readonly title: string; readonly insured_id: string }

const shownKeys: ReadonlyArray<string> = [...personFieldKeys, "relationship"]

interface PersonDialogProps {
  readonly edit: PersonEdit
  readonly saving: boolean
  readonly rejection: WriteRejection | null
  readonly onSubmit: (input: BeneficiaryUpsertInput) => void
  readonly onClose: () => void
}

/**
 * A titular's or a carga's data, checked by the contract's schema before it is sent (the RUT by
 * módulo 11). A new carga needs a name, a paternal surname and a relationship (from the session's
 * shared list); a blank field of a stored person keeps what the server has.
 */
export const PersonDialog = ({ edit, saving, rejection, onSubmit, onClose }: PersonDialogProps) => {
  const isCarga = edit.kind !== "insured"
  const relationships = useLookup("relationships", "", isCarga)
  const { form, submit, unshown, element } = useSchemaForm<PersonFormValues, BeneficiaryUpsertInput>({
    name: "person-form",
    initialValues:
      edit.kind === "addBeneficiary"
        ? { ...blankPerson, relationship: null }
        : { ...edit.values, relationship: edit.kind === "beneficiary" ? edit.relationship : null },
    // A titular is the same person without a relationship (left out of the body, so null).
    schema: BeneficiaryUpsertInput,
    bodyOf: ({ relationship, ...person }) => {
      const body = { ...person, birthDate: isoDate(person.birthDate) }
      return isCarga ? { ...body, relationship } : body
    },
    keyOf: (path) => {
      const key = String(path[0] ?? "")
      return shownKeys.includes(key) ? key : null
    },
    check: (values) => ({
      ...personChecks(values),
      ...(edit.kind === "addBeneficiary"
        ? { ...requiredForNew(values), ...(values.relationship === null ? { relationship: "Indique el parentesco" } : {}) }
        : {})
    }),
    rejection,
    onSubmit
  })
  return (
    <FormDialog opened title={edit.title} onClose={onClose} size="lg">
      <form ref={element} noValidate aria-label={edit.title} onSubmit={submit}>
        <Stack>
          <RejectionAlert rejection={rejection} unshown={unshown} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PersonFields form={form} rutFixed={edit.kind !== "addBeneficiary"} />
            {isCarga && (
              <NativeSelect
                label="Parentesco"
                required={edit.kind === "addBeneficiary"}
                value={form.getValues().relationship ?? ""}
                onChange={(e) => form.setFieldValue("relationship", e.currentTarget.value === "" ? null : e.currentTarget.value)}
                data={[
                  { value: "", label: relationships.status === "loading" ? "Cargando parentescos…" : "Elija el parentesco" },
                  ...(relationships.value ?? []).map((r) => ({ value: r.id, label: r.name }))
                ]}
                error={form.errors.relationship ?? (relationships.status === "error" ? "No se pudo cargar la lista de parentescos" : undefined)}
              />
            )}
          </SimpleGrid>
          <FormActions canSubmit saving={saving} onClose={onClose} />
        </Stack>
      </form>
    </FormDialog>
  )
}
