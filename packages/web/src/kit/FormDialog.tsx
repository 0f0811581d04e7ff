import { Alert, Button, Group, List, Modal, type ModalProps } from "@mantine/core"
import type { FieldIssue } from "@palma/core"
import type { ReactNode } from "react"

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

/** The create / edit dialog's frame: a titled modal closed by Cancelar, Escape or its close button. */
export const FormDialog = ({ opened, title, onClose, size, children }: FormDialogProps) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={title}
    size={size}
    centered
    closeButtonProps={{ "aria-label": "Cerrar" }}
    styles={{ title: { fontWeight: 700 } }}
  >
    {children}
  </Modal>
)

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
export const FormActions = ({ canSubmit, saving, onClose }: { readonly canSubmit: boolean; readonly saving: boolean; readonly onClose: () => void }) => (
  <Group justify="flex-end" mt="sm">
    <Button variant="default" onClick={onClose}>
      Cancelar
    </Button>
    <Button type="submit" loading={saving} disabled={!canSubmit && !saving}>
      Guardar
    </Button>
  </Group>
)
