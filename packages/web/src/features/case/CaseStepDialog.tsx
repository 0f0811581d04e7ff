import { Alert, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core"
import type { CaseAction, CaseStep, CaseView, Failure } from "@palma/core"
import { useState } from "react"
import { StaleRecord } from "../../kit"
import { stepTexts } from "./caseTexts"

interface CaseStepDialogProps {
  readonly step: CaseStep
  readonly view: CaseView
  /** Whether the case as now loaded still allows the step (after a reload it may not). */
  readonly offered: boolean
  readonly saving: boolean
  readonly reloading: boolean
  /** The server's refusal of the last try: shown here, the typed description kept. */
  readonly rejection: Failure | null
  readonly onConfirm: (action: CaseAction) => void
  readonly onReload: () => void
  readonly onClose: () => void
}

/**
 * The confirmation of one step. What the person typed survives a refusal: on a 412 «Recargar»
 * reads the case again and the same description can be confirmed on the current version.
 */
export const CaseStepDialog = ({ step, view, offered, saving, reloading, rejection, onConfirm, onReload, onClose }: CaseStepDialogProps) => {
  const texts = stepTexts(step, view)
  const [note, setNote] = useState("")
  const [missing, setMissing] = useState(false)
  const [reloaded, setReloaded] = useState(false)
  // A refusal from before this dialog opened is not this step's.
  const [tried, setTried] = useState(false)
  const refused = tried ? rejection : null
  const stale = refused?.status === 412
  const submit = () => {
    if (texts.note !== null && note.trim() === "") return setMissing(true)
    setReloaded(false)
    setTried(true)
    onConfirm({ step, note })
  }
  return (
    <Modal opened onClose={onClose} title={texts.label} centered closeButtonProps={{ "aria-label": "Cerrar" }}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <Stack>
          <Text>{texts.question}</Text>
          {texts.note !== null && (
            <Textarea
              label={texts.note}
              withAsterisk
              rows={3}
              maxLength={2000}
              data-autofocus
              value={note}
              error={missing ? "Escriba una descripción" : undefined}
              onChange={(e) => {
                setNote(e.currentTarget.value)
                setMissing(false)
              }}
            />
          )}
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
            <Alert color="blue" title="Se cargaron los datos actuales">
              {offered ? "Revise el caso y confirme de nuevo." : "El caso cambió: esta acción ya no corresponde."}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving} disabled={!offered || stale || reloading} data-autofocus={texts.note === null ? true : undefined}>
              {texts.label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
