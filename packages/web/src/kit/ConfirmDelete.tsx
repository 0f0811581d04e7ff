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
}

/** "¿Eliminar …?": nothing is sent until the person confirms; Cancelar (or Escape) sends nothing. */
export const ConfirmDelete = ({ opened, name, warning, canConfirm, deleting, error, onConfirm, onClose }: ConfirmDeleteProps) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={`¿Eliminar ${name}?`}
    centered
    closeButtonProps={{ "aria-label": "Cerrar" }}
    styles={{ title: { fontWeight: 700 } }}
  >
    <Stack>
      <Text size="sm">{warning}</Text>
      {error !== null && (
        <Alert color="red" title="No se pudo eliminar">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        {/* The safe choice gets the focus. */}
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancelar
        </Button>
        <Button color="red" onClick={onConfirm} loading={deleting} disabled={!canConfirm && !deleting}>
          Eliminar
        </Button>
      </Group>
    </Stack>
  </Modal>
)
