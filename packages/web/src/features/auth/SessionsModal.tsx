import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from "@mantine/core"
import { type Call, formatInstant, sessionsActors, sessionsMachine, SESSIONS_UNREADABLE } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { RetryAlert } from "../../components/RetryAlert"
import { call as apiCall } from "../../lib/api"
import { useAuth } from "../../lib/auth/useAuth"
import { notify } from "../../lib/notify"

interface SessionsModalProps {
  readonly opened: boolean
  readonly onClose: () => void
  readonly call?: Call
}

/** "Sesiones" from the user menu (local mode): where this account is signed in, and "Cerrar todas mis sesiones". */
export const SessionsModal = ({ opened, onClose, call = apiCall }: SessionsModalProps) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title="Sesiones"
    size="lg"
    centered
    closeButtonProps={{ "aria-label": "Cerrar" }}
    styles={{ title: { fontWeight: 700 } }}
  >
    {opened && <SessionsView call={call} />}
  </Modal>
)

const SessionsView = ({ call }: { readonly call: Call }) => {
  const { signOut } = useAuth()
  const [machine] = useState(() => sessionsMachine.provide({ actors: sessionsActors(call) }))
  const actor = useActorRef(machine)
  const status = useSelector(actor, (s) => s.value as string)
  const { sessions, failure } = useSelector(actor, (s) => s.context)
  const [confirming, setConfirming] = useState(false)

  useEffect(() => {
    const closed = actor.on("allClosed", () => {
      notify.success("Se cerraron todas sus sesiones")
      signOut()
    })
    const rejected = actor.on("rejected", ({ message }) => notify.error(message))
    return () => {
      closed.unsubscribe()
      rejected.unsubscribe()
    }
  }, [actor, signOut])

  if (status === "failed") return <RetryAlert title={SESSIONS_UNREADABLE} message={failure} onRetry={() => actor.send({ type: "RETRY" })} />
  if (sessions === null) return <Text role="status">Cargando sesiones…</Text>
  const busy = status !== "ready"

  return (
    <Stack>
      <Table aria-label="Sesiones abiertas" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Origen</Table.Th>
            <Table.Th>Inicio</Table.Th>
            <Table.Th>Última actividad</Table.Th>
            <Table.Th>Vence</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((session) => (
            <Table.Tr key={session.id}>
              <Table.Td>{session.jobName === null ? "Inicio de sesión" : `Token de tarea «${session.jobName}»`}</Table.Td>
              <Table.Td>{formatInstant(session.createdAt)}</Table.Td>
              <Table.Td>{formatInstant(session.lastSeenAt)}</Table.Td>
              <Table.Td>{formatInstant(session.expiresAt)}</Table.Td>
              <Table.Td>
                {session.current ? (
                  <Badge variant="light">Esta sesión</Badge>
                ) : (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    disabled={busy}
                    aria-label={
                      session.jobName === null
                        ? `Cerrar la sesión iniciada el ${formatInstant(session.createdAt)}`
                        : `Revocar el token de tarea «${session.jobName}»`
                    }
                    onClick={() => actor.send({ type: "CLOSE", id: session.id })}
                  >
                    {session.jobName === null ? "Cerrar" : "Revocar"}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {confirming ? (
        <Alert color="red" title="¿Cerrar todas sus sesiones?">
          <Text size="sm" mb="sm">
            Se cerrarán en todos sus dispositivos, también en este: deberá iniciar sesión de nuevo.
            {sessions.some((s) => s.jobName !== null) && " También se revocarán los tokens de tareas programadas de esta cuenta."}
          </Text>
          <Group>
            <Button color="red" loading={status === "closingAll"} onClick={() => actor.send({ type: "CLOSE_ALL" })}>
              Cerrar todas
            </Button>
            <Button variant="default" disabled={status === "closingAll"} onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
          </Group>
        </Alert>
      ) : (
        <Group justify="flex-end">
          <Button color="red" variant="light" disabled={busy} onClick={() => setConfirming(true)}>
            Cerrar todas mis sesiones
          </Button>
        </Group>
      )}
    </Stack>
  )
}
