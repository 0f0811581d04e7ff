import { NativeSelect, SimpleGrid, Stack } from "@mantine/core"
import { type BeneficiaryRecord, BeneficiaryUpsertInput, listLoadFailed, type PersonRecord } from "@palma/core"
import { FormActions, FormDialog, RejectionAlert, StaleRecord, useSchemaForm, useStaleReload, type WriteRejection } from "../../kit"
import { useLookup } from "../../lib/lookups/useLookup"
import { personLabels } from "../../lib/people/personLabels"
import { blankPerson, isoDate, personChecks, PersonFields, personFieldKeys, type PersonValues, personValues, requiredForNew } from "./PersonFields"

type PersonFormValues = PersonValues & {
  /** A carga's relationship id; null for a titular. */
  relationship: string | null
}

/** A titular or carga already stored, as the dialog edits it (`id` is the person's). */
export type StoredPersonEdit =
  | { readonly kind: "insured"; readonly id: string; readonly title: string; readonly values: PersonValues }
  | { readonly kind: "beneficiary"; readonly id: string; readonly title: string; readonly values: PersonValues; readonly relationship: string | null }

/** What the dialog edits: a titular, a carga of a titular, or a new carga. */
export type PersonEdit = StoredPersonEdit | { readonly kind: "addBeneficiary"; readonly title: string; readonly insured_id: string }

/** A titular or carga as `getById` answers it. */
type StoredPerson = PersonRecord | BeneficiaryRecord

const shownKeys: ReadonlyArray<string> = [...personFieldKeys, "relationship"]

// Module-level: the form's effects depend on it, so it must not change between renders (a refusal would set its errors forever).
const keyOf = (path: ReadonlyArray<string | number>) => {
  const key = String(path[0] ?? "")
  return shownKeys.includes(key) ? key : null
}

/** The form's values of a person as stored (a carga's relationship by id). */
const storedValues = (person: StoredPerson): PersonFormValues => ({
  ...personValues(person),
  relationship: "relationship_id" in person ? person.relationship_id : null
})

/** The edit of a stored person, from the person as just read. */
export const latestEdit = (edit: StoredPersonEdit, person: StoredPerson): StoredPersonEdit => {
  const { relationship, ...values } = storedValues(person)
  return edit.kind === "insured" ? { ...edit, values } : { ...edit, values, relationship }
}

interface PersonDialogProps {
  readonly edit: PersonEdit
  readonly saving: boolean
  readonly rejection: WriteRejection | null
  readonly onSubmit: (input: BeneficiaryUpsertInput) => void
  /** The person as stored now (after a 412). */
  readonly read: (id: string) => Promise<StoredPerson>
  readonly onClose: () => void
}

/**
 * A titular's or a carga's data, checked by the contract's schema before it is sent (the RUT by
 * módulo 11). A new carga needs a name, a paternal surname and a relationship (from the session's
 * shared list); a blank field of a stored person keeps what the server has. A save over someone
 * else's change (412) offers Recargar, then lists what was typed.
 */
export const PersonDialog = ({ edit, saving, rejection, onSubmit, read, onClose }: PersonDialogProps) => {
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
    keyOf,
    check: (values) => ({
      ...personChecks(values),
      ...(edit.kind === "addBeneficiary"
        ? { ...requiredForNew(values), ...(values.relationship === null ? { relationship: "Indique el parentesco" } : {}) }
        : {})
    }),
    rejection,
    onSubmit
  })
  const { stale, notice } = useStaleReload<PersonFormValues, StoredPerson>({
    read,
    item: edit.kind === "addBeneficiary" ? null : { id: edit.id },
    rejection,
    form,
    valuesOf: storedValues,
    labels: personLabels
  })
  return (
    <FormDialog opened title={edit.title} onClose={onClose} size="lg">
      <form ref={element} noValidate aria-label={edit.title} onSubmit={submit}>
        <Stack>
          {stale || notice.typed !== null ? <StaleRecord {...notice} /> : <RejectionAlert rejection={rejection} unshown={unshown} />}
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
                error={form.errors.relationship ?? (relationships.status === "error" ? listLoadFailed("parentescos") : undefined)}
              />
            )}
          </SimpleGrid>
          <FormActions canSubmit saving={saving} onClose={onClose} />
        </Stack>
      </form>
    </FormDialog>
  )
}
