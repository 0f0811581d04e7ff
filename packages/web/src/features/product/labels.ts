import { type Currency, type Frequency, frequencyLabel } from "@palma/core"

/** How the screens name a product's currency: P pesos, U UF. */
export const currencyCode: Record<Currency, string> = { P: "CLP", U: "UF" }

export const currencyOptions: ReadonlyArray<{ readonly value: Currency; readonly label: string }> = [
  { value: "P", label: "Pesos (CLP)" },
  { value: "U", label: "UF" }
]

export const frequencyOptions: ReadonlyArray<{ readonly value: Frequency; readonly label: string }> = (["M", "A", "S"] as const).map((value) => ({
  value,
  label: frequencyLabel[value]
}))

export const termOptions: ReadonlyArray<{ readonly value: string; readonly label: string }> = [12, 24, 36].map((months) => ({
  value: String(months),
  label: `${months} meses`
}))
