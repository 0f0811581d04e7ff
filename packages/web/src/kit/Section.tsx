import { Group, Paper, Title } from "@mantine/core"
import type { ReactNode } from "react"

interface SectionProps {
  readonly title: string
  /** Buttons for the whole part (e.g. "Editar datos"), beside its title. */
  readonly actions?: ReactNode
  readonly children: ReactNode
}

/** A titled part of a record's page (its data, its plans, its payments), named for screen readers by its title. */
export const Section = ({ title, actions, children }: SectionProps) => (
  <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
    <Group justify="space-between" align="center" mb="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      {actions}
    </Group>
    {children}
  </Paper>
)
