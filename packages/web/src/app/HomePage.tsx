import { Alert, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core"
import { roleFromPublicMeta, roleLabel } from "@palma/core"
import { Link } from "react-router"
import { displayName } from "../lib/auth/displayName"
import { useAuth } from "../lib/auth/useAuth"
import { useSession } from "../lib/auth/useSession"
import { Icon } from "./shell/icons"
import { quickLinksFor } from "./menu"

/** For an account without a role: it has no access yet, and who to ask. */
const NoRoleNotice = ({ email }: { readonly email: string | null }) => {
  const { busy, signOut } = useAuth()
  return (
    <Alert color="yellow" title="Su cuenta aún no tiene acceso" role="alert">
      <Stack gap="sm">
        <Text size="sm">{email === null ? "Su cuenta" : `La cuenta ${email}`} todavía no tiene un rol en Palma. Pida a un administrador que le dé acceso.</Text>
        <Group>
          <Button variant="default" size="xs" loading={busy} onClick={signOut}>
            Cerrar sesión
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

/** Inicio: a greeting for the role and quick links to everything it may open. */
export const HomePage = () => {
  const { user } = useSession()
  const role = roleFromPublicMeta(user.publicMetadata)
  const links = quickLinksFor(role)

  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>Hola, {displayName(user)}</Title>
          <Group gap="xs" mt={6}>
            {role !== null && (
              <Badge variant="light" size="lg" tt="none">
                {roleLabel[role]}
              </Badge>
            )}
            {user.email !== null && (
              <Text c="dimmed" size="sm">
                {user.email}
              </Text>
            )}
          </Group>
        </div>

        {role === null ? (
          <NoRoleNotice email={user.email} />
        ) : (
          <section aria-labelledby="quick-links">
            <Title order={2} size="h3" id="quick-links" mb="sm">
              Accesos rápidos
            </Title>
            {links.length === 0 ? (
              <Text c="dimmed">Los módulos de su rol estarán disponibles pronto; aparecerán aquí y en el menú lateral.</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {links.map((link) => (
                  <Card key={link.path} component={Link} to={link.path} withBorder shadow="xs" padding="md">
                    <Group wrap="nowrap">
                      <ThemeIcon variant="light" size={42} radius="md">
                        <Icon name={link.icon} />
                      </ThemeIcon>
                      <div>
                        <Text fw={600}>{link.label}</Text>
                        <Text size="sm" c="dimmed">
                          {link.section}
                        </Text>
                      </div>
                    </Group>
                  </Card>
                ))}
              </SimpleGrid>
            )}
          </section>
        )}
      </Stack>
    </Container>
  )
}
