import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core"

export interface ConfirmDeleteProps {
  readonly opened: boolean
  /** The item's name, as the person knows it. */
  readonly name: string
  readonly warning: string
  readonly canConfirm: boolean
  readonly deleting: boolean
  /** The server refused: its message. */
  readonly error: string | null
  readonly onConfirm: () => void
  readonly onClose: () => void
  /** Another question than "¿Eliminar {name}?" (e.g. "¿Quitar el plan Hogar Full?"). */
  readonly title?: string
  /** Another verb for the confirm button than "Eliminar" (e.g. "Quitar"). */
  readonly confirmLabel?: string
  /** The refusal's title, when not "No se pudo eliminar". */
  readonly failureTitle?: string
}

/** "¿Eliminar …?": nothing is sent until the person confirms; Cancelar (or Escape) sends nothing. */
export const ConfirmDelete = ({
  opened,
  name,
  warning,
  canConfirm,
  deleting,
  error,
  onConfirm,
  onClose,
  title = `¿Eliminar ${name}?`,
  confirmLabel = "Eliminar",
  failureTitle = "No se pudo eliminar"
}: ConfirmDeleteProps) => (
  <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ "aria-label": "Cerrar" }} styles={{ title: { fontWeight: 700 } }}>
    <Stack>
      <Text size="sm">{warning}</Text>
      {error !== null && (
        <Alert color="red" title={failureTitle}>
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        {/* The safe choice gets the focus. */}
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancelar
        </Button>
        <Button color="red" onClick={onConfirm} loading={deleting} disabled={!canConfirm && !deleting}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  </Modal>
)
