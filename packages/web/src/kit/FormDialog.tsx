import { Alert, Button, Group, List, Modal, type ModalProps } from "@mantine/core"
import type { FieldIssue } from "@palma/core"
import { createContext, type ReactNode, useContext, useEffect, useState } from "react"
import { LeaveConfirm } from "./LeaveConfirm"
import { LeaveGuard } from "./LeaveGuard"

/** What the server said when it refused the last write. */
export interface WriteRejection {
  readonly message: string
  readonly issues: ReadonlyArray<FieldIssue>
}

export interface FormDialogProps {
  readonly opened: boolean
  readonly title: string
  readonly onClose: () => void
  readonly size?: ModalProps["size"]
  readonly children: ReactNode
}

interface DialogForm {
  /** The form inside tells whether it holds unsaved changes. */
  readonly report: (dirty: boolean) => void
  /** Closes the dialog, asking first when there is something to lose. */
  readonly close: () => void
}

const DialogFormContext = createContext<DialogForm | null>(null)

/**
 * The create / edit dialog's frame: a titled modal closed by Cancelar, Escape, a click outside or
 * its close button. While its form holds unsaved changes, closing it and leaving the page ask first.
 */
export const FormDialog = ({ opened, title, onClose, size, children }: FormDialogProps) => {
  const [dirty, setDirty] = useState(false)
  const [asking, setAsking] = useState(false)
  const close = () => (dirty ? setAsking(true) : onClose())
  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        title={title}
        size={size}
        centered
        closeButtonProps={{ "aria-label": "Cerrar" }}
        styles={{ title: { fontWeight: 700 } }}
      >
        <DialogFormContext value={{ report: setDirty, close }}>{children}</DialogFormContext>
      </Modal>
      <LeaveConfirm
        opened={opened && asking}
        onStay={() => setAsking(false)}
        onLeave={() => {
          setAsking(false)
          setDirty(false)
          onClose()
        }}
      />
      <LeaveGuard dirty={opened && dirty} />
    </>
  )
}

/** Tells the FormDialog around a form (if any) whether the form holds unsaved changes. */
export const useDirtyForm = (dirty: boolean) => {
  const dialog = useContext(DialogFormContext)
  const report = dialog?.report
  useEffect(() => {
    report?.(dirty)
    return () => report?.(false)
  }, [report, dirty])
}

/** "No se pudo guardar" with the server's message, and the issues no field of the form shows. */
export const RejectionAlert = ({ rejection, unshown }: { readonly rejection: WriteRejection | null; readonly unshown: ReadonlyArray<FieldIssue> }) =>
  rejection === null ? null : (
    <Alert color="red" title="No se pudo guardar">
      {rejection.message}
      {unshown.length > 0 && (
        <List size="sm" mt="xs">
          {unshown.map((issue) => (
            <List.Item key={`${issue.path.join(".")}:${issue.message}`}>{issue.message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  )

/** Cancelar and Guardar (the form's submit button). */
export const FormActions = ({ canSubmit, saving, onClose }: { readonly canSubmit: boolean; readonly saving: boolean; readonly onClose: () => void }) => {
  // Inside a FormDialog, Cancelar asks first like its other ways of closing.
  const close = useContext(DialogFormContext)?.close ?? onClose
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={close}>
        Cancelar
      </Button>
      <Button type="submit" loading={saving} disabled={!canSubmit && !saving}>
        Guardar
      </Button>
    </Group>
  )
}
