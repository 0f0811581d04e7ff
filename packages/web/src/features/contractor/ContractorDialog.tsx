import { SimpleGrid, Stack } from "@mantine/core"
import { ContractorCreateInput, type ContractorFields } from "@palma/core"
import { FormActions, FormDialog, RejectionAlert, StaleRecord, useSchemaForm, useStaleReload, type WriteRejection } from "../../kit"
import { CompanyFields } from "./CompanyFields"
import { contractorBodyOf, contractorKeyOf, contractorLabels, type ContractorValues, storedContractorValues } from "./contractorValues"
import { personChecks, PersonFields } from "./PersonFields"

interface ContractorDialogProps {
  /** The contractor as just read (the client then holds its version). */
  readonly contractor: ContractorFields
  readonly saving: boolean
  readonly rejection: WriteRejection | null
  readonly onSubmit: (input: ContractorCreateInput) => void
  /** The contractor as stored now (after a 412). */
  readonly read: (id: string) => Promise<ContractorFields>
  readonly onClose: () => void
}

/**
 * The contractor's own data. The RUT and the kind are the record's key, shown and not edited; a
 * blank field keeps what the server has (the seed's rule). A save over someone else's change (412)
 * offers Recargar, then lists what was typed.
 */
export const ContractorDialog = ({ contractor, saving, rejection, onSubmit, read, onClose }: ContractorDialogProps) => {
  const company = contractor.type === "C"
  const { form, submit, unshown, element } = useSchemaForm<ContractorValues, ContractorCreateInput>({
    name: "contractor-edit",
    initialValues: storedContractorValues(contractor),
    schema: ContractorCreateInput,
    bodyOf: contractorBodyOf,
    keyOf: contractorKeyOf,
    check: personChecks,
    rejection,
    onSubmit
  })
  const { stale, notice } = useStaleReload<ContractorValues, ContractorFields>({
    read,
    item: { id: contractor.id },
    rejection,
    form,
    valuesOf: storedContractorValues,
    labels: contractorLabels
  })
  const title = "Editar datos del contratante"
  return (
    <FormDialog opened title={title} onClose={onClose} size="lg">
      <form ref={element} noValidate aria-label={title} onSubmit={submit}>
        <Stack>
          {stale || notice.typed !== null ? <StaleRecord {...notice} /> : <RejectionAlert rejection={rejection} unshown={unshown} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PersonFields form={form} rutFixed company={company} />
            {company && <CompanyFields form={form} />}
          </SimpleGrid>
          <FormActions canSubmit saving={saving} onClose={onClose} />
        </Stack>
      </form>
    </FormDialog>
  )
}
