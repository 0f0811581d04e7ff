import { Button, Center, Paper, Stack, Text, Title } from "@mantine/core"
import { type Role, roleLabel } from "@palma/core"
import { Link } from "react-router"

/** What a role sees at an address it may not open (typed or followed from elsewhere). */
export const NoAccessPage = ({ role }: { readonly role: Role | null }) => (
  <Center py="xl">
    <Paper withBorder shadow="xs" p="xl" maw={480}>
      <Stack>
        <Title order={1} size="h2">
          Sin acceso
        </Title>
        <Text>
          {role === null
            ? "Su cuenta aún no tiene un rol en Palma, por lo que no puede abrir esta página. Pida acceso a un administrador."
            : `Su rol (${roleLabel[role]}) no permite abrir esta página. Si la necesita, pida acceso a un administrador.`}
        </Text>
        <Button component={Link} to="/" w="fit-content">
          Ir al inicio
        </Button>
      </Stack>
    </Paper>
  </Center>
)
