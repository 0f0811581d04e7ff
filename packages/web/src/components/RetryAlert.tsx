import { Alert, Button, Group, Text } from "@mantine/core"
import type { ReactNode } from "react"

interface RetryAlertProps {
  readonly title: string
  /** What went wrong, in the server's words; null when the title says it all. */
  readonly message: string | null
  readonly onRetry: () => void
  /** While a retry cannot be sent yet (one is on its way). */
  readonly retryDisabled?: boolean
  /** Inside a form field: a smaller button. */
  readonly compact?: boolean
  /** Other ways out beside «Reintentar» (back to the list…). */
  readonly children?: ReactNode
}

/** A load that failed: what went wrong and «Reintentar». */
export const RetryAlert = ({ title, message, onRetry, retryDisabled = false, compact = false, children }: RetryAlertProps) => (
  <Alert color="red" title={title}>
    {message !== null && (
      <Text size="sm" mb="sm">
        {message}
      </Text>
    )}
    <Group>
      <Button variant="light" color="red" size={compact ? "xs" : "sm"} onClick={onRetry} disabled={retryDisabled}>
        Reintentar
      </Button>
      {children}
    </Group>
  </Alert>
)
