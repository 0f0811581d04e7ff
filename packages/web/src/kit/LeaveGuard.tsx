import { Button, Group, Modal, Stack, Text } from "@mantine/core"
import { useEffect } from "react"
import { useBlocker } from "react-router"

/**
 * Asks before leaving a page whose form has unsaved changes: a link, Back, or closing the tab
 * (the browser's own question). `dirty` is false while the page itself moves on after a write.
 */
export const LeaveGuard = ({ dirty }: { readonly dirty: boolean }) => {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname)
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener("beforeunload", warn)
    return () => window.removeEventListener("beforeunload", warn)
  }, [dirty])
  return (
    <Modal
      opened={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title="¿Salir sin guardar?"
      centered
      closeButtonProps={{ "aria-label": "Cerrar" }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack>
        <Text size="sm">Hay cambios sin guardar en este formulario. Si sale ahora, se perderán.</Text>
        <Group justify="flex-end">
          <Button variant="default" data-autofocus onClick={() => blocker.reset?.()}>
            Seguir editando
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Salir sin guardar
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
