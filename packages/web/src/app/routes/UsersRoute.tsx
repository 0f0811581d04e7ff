import { Alert, Stack, Title } from "@mantine/core"
import { useAuthMode } from "../../features/auth/AuthMode"
import { UsersPage } from "../../features/users/UsersPage"

/** Usuarios: Palma's own accounts in local mode; in Clerk mode they live in Clerk's dashboard. */
export const UsersRoute = () =>
  useAuthMode() === "clerk" ? (
    <Stack>
      <Title order={1} size="h2">
        Usuarios
      </Title>
      <Alert color="blue">Palma usa Clerk: los usuarios se administran en el panel de Clerk.</Alert>
    </Stack>
  ) : (
    <UsersPage />
  )
