import { Button, Group, Paper, Stack, Title } from "@mantine/core"
import type { FormEvent, ReactNode } from "react"

/** One step: a form whose submit moves on (Enter works from any field), with Volver when there is a step before. */
export const Step = ({
  title,
  onNext,
  onBack,
  next = "Continuar",
  busy = false,
  focusNext = false,
  children
}: {
  readonly title: string
  readonly onNext: () => void
  readonly onBack?: () => void
  readonly next?: string
  readonly busy?: boolean
  /** A step with nothing to type (a review, a covered service) has its main button focused, so Enter moves on. */
  readonly focusNext?: boolean
  readonly children: ReactNode
}) => (
  <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault()
        onNext()
      }}
    >
      <Stack>
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
        <Group justify="space-between">
          {onBack ? (
            <Button variant="default" onClick={onBack}>
              Volver
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={busy} autoFocus={focusNext}>
            {next}
          </Button>
        </Group>
      </Stack>
    </form>
  </Paper>
)
