import { Alert, Button, Text } from "@mantine/core"

/** A load that failed: what went wrong, in the server's words, and «Reintentar». */
export const RetryAlert = ({ title, message, onRetry }: { readonly title: string; readonly message: string | null; readonly onRetry: () => void }) => (
  <Alert color="red" title={title}>
    <Text size="sm" mb="sm">
      {message}
    </Text>
    <Button variant="light" color="red" onClick={onRetry}>
      Reintentar
    </Button>
  </Alert>
)
