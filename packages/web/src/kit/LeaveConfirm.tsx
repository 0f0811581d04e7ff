import { Button, Group, Modal, Text } from "@mantine/core"

export interface LeaveConfirmProps {
  readonly opened: boolean
  /** Seguir editando: nothing is lost, the form stays as it was. */
  readonly onStay: () => void
  /** Descartar cambios: what was typed is dropped and the person goes where they were going. */
  readonly onLeave: () => void
}

/** "¿Descartar los cambios?": asked before a form with unsaved changes is left or closed. */
export const LeaveConfirm = ({ opened, onStay, onLeave }: LeaveConfirmProps) => (
  <Modal
    opened={opened}
    onClose={onStay}
    title="¿Descartar los cambios?"
    centered
    // Above the dialog it may be asked from (Mantine's modals sit at 200) and the open sidebar (210).
    zIndex={300}
    closeButtonProps={{ "aria-label": "Cerrar" }}
    styles={{ title: { fontWeight: 700 } }}
  >
    <Text size="sm">Tiene cambios sin guardar. Si sale ahora, se perderán.</Text>
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={onStay} data-autofocus>
        Seguir editando
      </Button>
      <Button color="red" onClick={onLeave}>
        Descartar cambios
      </Button>
    </Group>
  </Modal>
)
