import { Paper, Title } from "@mantine/core"
import type { ReactNode } from "react"

/** A titled part of a record's page (its data, its plans, its payments), named for screen readers by its title. */
export const Section = ({ title, children }: { readonly title: string; readonly children: ReactNode }) => (
  <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
    <Title order={2} size="h4" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
)
