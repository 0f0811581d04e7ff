import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core"
import {
  type CaseStep,
  type CaseStepInput,
  type CaseView,
  type Failure,
  type Role,
  type StepErrors,
  type StepFields,
  stepFieldsFor,
  stepInputOf
} from "@palma/core"
import { useCallback, useState } from "react"
import { RELOADED_TITLE, StaleRecord } from "../../kit"
import { stepTexts } from "./caseTexts"
import { StepFieldsBody } from "./StepFieldsBody"
import { assignmentBlockId, useAssignmentBlock } from "./ProviderFields"

/** The steps whose dialog asks for more than a yes or a description. */
const asksFor: ReadonlyArray<CaseStep> = ["chooseProcedure", "assignProvider", "schedule", "qualify", "requestRefund", "payRefund"]

interface CaseStepDialogProps {
  readonly step: CaseStep
  readonly view: CaseView
  /** Who confirms: the case lifecycle checks the entry for this role before it is sent. */
  readonly role: Role
  /** Whether the case as now loaded still allows the step (after a reload it may not). */
  readonly offered: boolean
  readonly saving: boolean
  readonly reloading: boolean
  /** The server's refusal of the last try: shown here, the typed description kept. */
  readonly rejection: Failure | null
  readonly onConfirm: (input: CaseStepInput) => void
  readonly onReload: () => void
  readonly onClose: () => void
}

/**
 * The confirmation of one step, with what the step asks for. What the person entered survives a
 * refusal: on a 412 «Recargar» reads the case again and the same entry can be confirmed on the
 * current version.
 */
export const CaseStepDialog = ({ step, view, role, offered, saving, reloading, rejection, onConfirm, onReload, onClose }: CaseStepDialogProps) => {
  const texts = stepTexts(step, view)
  const [fields, setFields] = useState<StepFields>(() => stepFieldsFor(step, view))
  const [errors, setErrors] = useState<StepErrors>({})
  const [reloaded, setReloaded] = useState(false)
  // A refusal from before this dialog opened is not this step's.
  const [tried, setTried] = useState(false)
  const refused = tried ? rejection : null
  const stale = refused?.status === 412
  // A step that only asks for a yes starts on its button; the others on their first field.
  const plain = !asksFor.includes(step)
  const blocked = useAssignmentBlock(step, view, view.procedure_code)
  const submit = () => {
    const outcome = stepInputOf(step, fields, view, role)
    if ("errors" in outcome) return setErrors(outcome.errors)
    setReloaded(false)
    setTried(true)
    onConfirm(outcome.input)
  }
  const change = useCallback((patch: Partial<StepFields>) => {
    setFields((f) => ({ ...f, ...patch }))
    // A field's message goes once it is edited.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))))
  }, [])
  return (
    <Modal opened onClose={onClose} title={texts.label} centered size={step === "assignProvider" ? "lg" : "md"} closeButtonProps={{ "aria-label": "Cerrar" }}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <Stack>
          <Text>{texts.question}</Text>
          <StepFieldsBody step={step} view={view} noteLabel={texts.note} fields={fields} errors={errors} onChange={change} />
          {stale ? (
            <StaleRecord
              message={refused.message}
              typed={null}
              reloading={reloading}
              onReload={() => {
                setReloaded(true)
                onReload()
              }}
            />
          ) : (
            refused !== null && (
              <Alert color="red" title="No se pudo guardar" role="alert">
                {refused.message}
              </Alert>
            )
          )}
          {reloaded && !stale && !reloading && (
            <Alert color="blue" title={RELOADED_TITLE}>
              {offered ? "Revise el caso y confirme de nuevo." : "El caso cambió: esta acción ya no corresponde."}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button
              type="submit"
              loading={saving}
              disabled={!offered || stale || reloading || blocked !== null}
              aria-describedby={blocked === null ? undefined : assignmentBlockId}
              data-autofocus={plain && texts.note === null ? true : undefined}
            >
              {texts.label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
