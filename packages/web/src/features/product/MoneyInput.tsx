import { TextInput, type TextInputProps } from "@mantine/core"
import type { Currency } from "@palma/core"
import { tidyMoney } from "./moneyText"

export interface MoneyInputProps extends Omit<TextInputProps, "value" | "onChange" | "onBlur"> {
  readonly currency: Currency
  /** The text as typed ("12.345", "1,25"); the form turns it into an amount when sending. */
  readonly value: string
  readonly onChange: (text: string) => void
  /** After the text was tidied. */
  readonly onBlur?: () => void
}

/**
 * An amount in pesos (whole, "12.345") or UF (two decimals, "1,25"), typed as es-CL writes it.
 * The currency shows beside the text; leaving the input tidies a valid amount ("1,5" → "1,50").
 */
/** What a price field says under its label, by currency. */
export const moneyHint = (currency: Currency) => (currency === "P" ? "En pesos, sin decimales" : "En UF, con 2 decimales")

export const MoneyInput = ({ currency, value, onChange, onBlur, ...props }: MoneyInputProps) => (
  <TextInput
    {...props}
    value={value}
    inputMode={currency === "P" ? "numeric" : "decimal"}
    autoComplete="off"
    leftSection={currency === "P" ? "$" : "UF"}
    leftSectionProps={{ "aria-hidden": true }}
    placeholder={currency === "P" ? "12.345" : "1,25"}
    onChange={(e) => onChange(e.currentTarget.value)}
    onBlur={() => {
      const tidy = tidyMoney(currency, value)
      if (tidy !== value) onChange(tidy)
      onBlur?.()
    }}
  />
)
