import { Schema } from "effect"
import { Choice, IntBetween, isUnique } from "./common.js"
import { Flag, Id, OptionalText, Payload, Text } from "./fields.js"
import { Amount, Currency, StoredAmount, amountsInCurrency } from "./money.js"
import { ProductAssistance, ProductAssistanceInput } from "./productAssistance.js"

export const Frequency = Choice(["M", "A", "S"], "Frecuencia inválida: M (mensual), A (anual) o S (semanal)")
export type Frequency = typeof Frequency.Type
export const frequencyLabel: Record<Frequency, string> = { M: "Mensual", A: "Anual", S: "Semanal" }

export const Term = Choice([12, 24, 36], "Plazo inválido: 12, 24 o 36 meses")
export type Term = typeof Term.Type

export const DueDay = IntBetween(1, 31, "El día de pago debe ser un entero entre 1 y 31")

/** What is sold. `cost` and `minInsuredCompanyPrice` are in `currency`; `beneficiaries` = cargas allowed. */
export const Product = Schema.Struct({
  id: Id,
  family_id: Id,
  family_name: Schema.String,
  name: Schema.String,
  cost: Amount,
  isSubject: Schema.Boolean,
  frequency: Frequency,
  term: Term,
  beneficiaries: Schema.Number,
  currency: Currency,
  dueDay: Schema.Number,
  minInsuredCompanyPrice: Amount,
  title: Schema.String,
  subTitle: Schema.String,
  description: Schema.String,
  territorialScope: Schema.String,
  hiringConditions: Schema.String,
  assistances: Schema.Array(ProductAssistance),
  isActive: Schema.Boolean
})
export type Product = typeof Product.Type

const text = (max: number) => Schema.optionalWith(OptionalText(max), { default: () => "" })

export const ProductInput = Payload({
  family_id: Id,
  name: Text(120),
  cost: StoredAmount,
  // Kept verbatim from the original API (afecto / exento).
  isSubject: Schema.optionalWith(Flag, { default: () => false }),
  frequency: Schema.optionalWith(Frequency, { default: () => "M" as const }),
  term: Term,
  beneficiaries: IntBetween(0, 99, "Las cargas deben ser un entero entre 0 y 99"),
  currency: Currency,
  dueDay: DueDay,
  minInsuredCompanyPrice: StoredAmount,
  title: text(120),
  subTitle: text(200),
  description: text(2000),
  territorialScope: text(500),
  hiringConditions: text(4000),
  assistances: Schema.optionalWith(
    Schema.Array(ProductAssistanceInput)
      .annotations({ message: () => "Debe ser una lista de coberturas" })
      .pipe(Schema.maxItems(100, { message: () => "Debe tener como máximo 100 servicios" })),
    { default: () => [] }
  )
}).pipe(
  Schema.filter(amountsInCurrency("cost", "minInsuredCompanyPrice")),
  Schema.filter(
    (p) =>
      isUnique(p.assistances, (a) => a.assistance_id) || { path: ["assistances"], message: "Hay servicios repetidos en el producto" }
  )
)
export type ProductInput = typeof ProductInput.Type
