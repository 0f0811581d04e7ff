import { Button, Group, NativeSelect, NumberInput, Paper, SimpleGrid, Text } from "@mantine/core"
import type { GetInputPropsReturnType } from "@mantine/form"
import type { Currency } from "@palma/core"
import { XIcon } from "../../kit/icons"
import { currencyOptions } from "./labels"
import { MoneyInput } from "./MoneyInput"
import type { CoverageValues } from "./productValues"

export interface CoverageCardProps {
  readonly coverage: CoverageValues
  /** The form's props of this coverage's field (value, onChange, error). */
  readonly field: (name: keyof CoverageValues) => GetInputPropsReturnType
  /** Re-checks a field once it is left (amounts). */
  readonly onLeave: (name: keyof CoverageValues) => void
  /** A message about the assistance itself (missing, repeated…). */
  readonly error?: string
  readonly onRemove: () => void
}

/** One assistance of the product and its coverage: amount and maximum in its currency, events and carencia. */
export const CoverageCard = ({ coverage, field, onLeave, error, onRemove }: CoverageCardProps) => {
  const currency = field("currency")
  const money = (name: "amount" | "maximum", label: string) => {
    const { value, onChange, error: fieldError } = field(name)
    return (
      <MoneyInput
        label={label}
        required
        currency={coverage.currency}
        value={String(value ?? "")}
        onChange={(text) => onChange(text)}
        onBlur={() => onLeave(name)}
        error={fieldError}
      />
    )
  }
  return (
    <Paper component="fieldset" withBorder radius="md" p="sm" m={0} aria-label={`Cobertura de ${coverage.name}`}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600} size="sm">
          {coverage.name}
        </Text>
        <Button variant="subtle" color="red" size="compact-sm" leftSection={<XIcon />} onClick={onRemove} aria-label={`Quitar ${coverage.name}`}>
          Quitar
        </Button>
      </Group>
      {error !== undefined && (
        <Text size="sm" c="red" mb="xs">
          {error}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
        <NativeSelect
          label="Moneda"
          data={currencyOptions.map((o) => ({ ...o }))}
          value={String(currency.value)}
          onChange={(e) => {
            currency.onChange(e.currentTarget.value as Currency)
            onLeave("amount")
            onLeave("maximum")
          }}
        />
        {money("amount", "Monto por período")}
        {money("maximum", "Máximo por evento")}
        <NumberInput label="Eventos por período" required min={1} max={999} allowDecimal={false} allowNegative={false} {...field("events")} />
        <NumberInput
          label="Carencia (días)"
          title="Días de espera desde el inicio de la póliza"
          min={0}
          max={3650}
          allowDecimal={false}
          allowNegative={false}
          {...field("lack")}
        />
      </SimpleGrid>
    </Paper>
  )
}
