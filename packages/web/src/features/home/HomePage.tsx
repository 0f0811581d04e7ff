import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core"
import { roleFromPublicMeta, roleLabel } from "@palma/core"
import { useState } from "react"
import { displayName } from "../auth/displayName"
import { useAuth } from "../auth/useAuth"
import { useSession } from "../auth/useSession"

/** Inicio: who is signed in and with which role. */
export const HomePage = () => {
  const { user } = useSession()
  const { error, busy, signOut } = useAuth()
  // The machine keeps its last error; show it only after signing out was tried here.
  const [signOutTried, setSignOutTried] = useState(false)
  const role = roleFromPublicMeta(user.publicMetadata)

  return (
    <Container component="main" size="sm" py="xl">
      <Stack>
        <Title order={1}>Hola, {displayName(user)}</Title>
        <Paper withBorder p="md">
          <Stack gap="xs">
            {user.email !== null && <Text>Correo electrónico: {user.email}</Text>}
            {role !== null && <Text>Rol: {roleLabel[role]}</Text>}
          </Stack>
        </Paper>
        {role === null && (
          <Alert color="yellow" title="Su cuenta aún no tiene acceso">
            Todavía no tiene un rol asignado en Palma. Pida a un administrador que le dé acceso.
          </Alert>
        )}
        {signOutTried && error !== null && <Alert color="red">{error}</Alert>}
        <Group>
          <Button
            variant="default"
            loading={busy}
            onClick={() => {
              setSignOutTried(true)
              signOut()
            }}
          >
            Cerrar sesión
          </Button>
        </Group>
      </Stack>
    </Container>
  )
}
