import { Alert, Button, List, Text } from "@mantine/core"

/** A field as the notice names it: its label and what the person had typed. */
export interface TypedValue {
  readonly label: string
  readonly value: string
}

/** The notice's title once the record was read again after another user's change. */
export const RELOADED_TITLE = "Se cargaron los datos actuales"

/**
 * A save refused because another user changed the record first (412). Before reloading it offers
 * Recargar; after, it keeps what the person typed visible beside the current values, to re-apply.
 */
export const StaleRecord = ({
  message,
  typed,
  reloading,
  onReload
}: {
  readonly message: string
  /** Null until reloaded; then the values typed that differ from the reloaded ones. */
  readonly typed: ReadonlyArray<TypedValue> | null
  readonly reloading: boolean
  readonly onReload: () => void
}) =>
  typed === null ? (
    <Alert color="yellow" title="Registro modificado por otro usuario">
      <Text size="sm">{message}</Text>
      <Button mt="xs" size="xs" variant="light" loading={reloading} onClick={onReload}>
        Recargar
      </Button>
    </Alert>
  ) : (
    <Alert color="blue" title={RELOADED_TITLE}>
      <Text size="sm">{typed.length === 0 ? "Lo que usted escribió coincide con lo guardado." : "Lo que usted había escrito, para volver a aplicarlo:"}</Text>
      {typed.length > 0 && (
        <List size="sm" mt="xs" aria-label="Lo que usted escribió">
          {typed.map((t) => (
            <List.Item key={t.label}>
              {t.label}: {t.value === "" ? "(vacío)" : t.value}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  )
