import { Center, Group, Paper, Stack, Text, Title } from "@mantine/core"
import type { ReactNode } from "react"
import logoUrl from "../../assets/palma-logo.svg"

interface AuthCardProps {
  readonly title: string
  readonly children: ReactNode
}

/** The frame of the sign-in and sign-up pages. */
export const AuthCard = ({ title, children }: AuthCardProps) => (
  <Center component="main" mih="100dvh" p="md" bg="gray.0">
    <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
      <Stack>
        <div>
          <Group gap={6}>
            <img src={logoUrl} alt="" width={28} height={28} />
            <Text c="teal.8" fw={700}>
              Palma
            </Text>
          </Group>
          <Title order={1} size="h2">
            {title}
          </Title>
        </div>
        {children}
      </Stack>
    </Paper>
  </Center>
)
