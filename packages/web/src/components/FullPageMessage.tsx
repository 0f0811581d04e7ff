import { Center, Paper, Stack, Text, Title } from "@mantine/core"
import type { ReactNode } from "react"

interface FullPageMessageProps {
  readonly title: string
  readonly children: ReactNode
  /** What the person can do next (a button or a link). */
  readonly action?: ReactNode
}

/** A page that only explains something: an error, a missing page, an unavailable feature. */
export const FullPageMessage = ({ title, children, action }: FullPageMessageProps) => (
  <Center component="main" mih="100dvh" p="md">
    <Paper withBorder shadow="sm" p="xl" maw={480}>
      <Stack>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text component="div">{children}</Text>
        {action}
      </Stack>
    </Paper>
  </Center>
)
