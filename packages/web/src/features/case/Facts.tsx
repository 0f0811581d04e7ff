import { SimpleGrid, Text } from "@mantine/core"
import type { ReactNode } from "react"

/** Label–value pairs of a case section, as a description list so screen readers pair them. */
export const Facts = ({ items }: { readonly items: ReadonlyArray<readonly [string, ReactNode]> }) => (
  <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
    {items.map(([label, value]) => (
      <div key={label}>
        <Text component="dt" size="xs" c="dimmed">
          {label}
        </Text>
        <Text component="dd" m={0}>
          {value === null || value === "" ? "—" : value}
        </Text>
      </div>
    ))}
  </SimpleGrid>
)
