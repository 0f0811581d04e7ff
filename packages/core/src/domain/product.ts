import { ParseResult, Schema } from "effect"
import { Choice, IntBetween, isUnique, Nullable } from "./common.js"
import { Flag, Id, NumberLike, OptionalText, Payload, Name } from "./fields.js"
import { Amount, AmountInput, Currency, StoredAmount, amountsInCurrency, readAmountsIn } from "./money.js"
import { ProductAssistance, ProductAssistanceInput } from "./productAssistance.js"
import { INVALID_ID } from "./messages.js"

export const Frequency = Choice(["M", "A", "S"], "Frecuencia inválida: M (mensual), A (anual) o S (semanal)")
export type Frequency = typeof Frequency.Type
export const frequencyLabel: Record<Frequency, string> = { M: "Mensual", A: "Anual", S: "Semanal" }

/** A product's fields as people read them: its form's labels and its plans' contract PDF's headings. */
export const productLabels = {
  name: "Nombre",
  title: "Título",
  subTitle: "Subtítulo",
  alias: "Alianza",
  cost: "Costo",
  minInsuredCompanyPrice: "Precio mínimo empresa por asegurado",
  dynamiccharge: "Costo por carga",
  dueDay: "Día de pago",
  beneficiaries: "Cargas permitidas",
  description: "Descripción",
  promotional: "Descripción promocional",
  territorialScope: "Ámbito territorial",
  hiringConditions: "Condiciones de contratación",
  assistances: "Servicios y coberturas"
} as const

export const Term = Choice([12, 24, 36], "Plazo inválido: 12, 24 o 36 meses")
export type Term = typeof Term.Type

export const DueDay = IntBetween(1, 31, "El día de pago debe ser un entero entre 1 y 31")

/**
 * What is sold. `cost`, `dynamiccharge` (the cost of each carga) and `minInsuredCompanyPrice`
 * are in `currency`; `beneficiaries` = cargas allowed; `alias` names the alliance it is sold
 * under, `promotional` is its sales pitch.
 */
export const Product = Schema.Struct({
  id: Id,
  family_id: Id,
  family_name: Schema.String,
  name: Schema.String,
  cost: Amount,
  dynamiccharge: Amount,
  isSubject: Schema.Boolean,
  frequency: Frequency,
  term: Term,
  beneficiaries: Schema.Number,
  currency: Currency,
  dueDay: Schema.Number,
  minInsuredCompanyPrice: Amount,
  title: Schema.String,
  subTitle: Schema.String,
  alias: Schema.String,
  promotional: Schema.String,
  description: Schema.String,
  territorialScope: Schema.String,
  hiringConditions: Schema.String,
  assistances: Schema.Array(ProductAssistance),
  isActive: Schema.Boolean
})
export type Product = typeof Product.Type

const text = (max: number) => Schema.optionalWith(OptionalText(max), { default: () => "" })

const amountKeys = ["cost", "dynamiccharge", "minInsuredCompanyPrice"] as const

/** The body's fields, amounts not yet read in the product's currency. */
const productFields = {
  family_id: Id,
  name: Name(120),
  cost: AmountInput,
  dynamiccharge: Schema.optionalWith(AmountInput, { default: () => 0 }),
  // Kept verbatim from the original API (afecto / exento).
  isSubject: Schema.optionalWith(Flag, { default: () => false }),
  frequency: Schema.optionalWith(Frequency, { default: () => "M" as const }),
  // The original client sends the term as the text of its select ("12").
  term: Schema.compose(NumberLike, Term),
  beneficiaries: IntBetween(0, 99, "Las cargas deben ser un entero entre 0 y 99"),
  currency: Currency,
  dueDay: DueDay,
  minInsuredCompanyPrice: AmountInput,
  title: text(120),
  subTitle: text(200),
  alias: text(120),
  promotional: text(2000),
  description: text(2000),
  territorialScope: text(500),
  hiringConditions: text(4000),
  assistances: Schema.optionalWith(
    Schema.Array(ProductAssistanceInput)
      .annotations({ message: () => "Debe ser una lista de coberturas" })
      .pipe(Schema.maxItems(100, { message: () => "Debe tener como máximo 100 servicios" })),
    { default: () => [] }
  )
}

const ProductWire = Payload({
  // Only `create` reads it: the original's upsert (the product to update). `update` takes the path's.
  id: Schema.optional(Nullable(Id, INVALID_ID)),
  ...productFields
})

// The decoded body; amounts are in its currency by construction, which the first check says.
const ProductRead = Schema.typeSchema(
  Schema.Struct({
    id: Schema.optional(Schema.NullOr(Id)),
    ...productFields,
    cost: StoredAmount,
    dynamiccharge: StoredAmount,
    minInsuredCompanyPrice: StoredAmount
  })
).pipe(
  Schema.filter(amountsInCurrency(...amountKeys)),
  Schema.filter((p) => isUnique(p.assistances, (a) => a.id) || { path: ["assistances"], message: "Hay servicios repetidos en el producto" })
)

/**
 * `POST /product/create` and `PUT /product/update/{id}`, as the original client posts them:
 * amounts in the product's `currency` as numbers or numeric texts ("10000" in pesos, 0.35 in UF),
 * counts as texts ("12"), coverage lines naming the assistance by `id`.
 */
export const ProductInput = Schema.transformOrFail(ProductWire, ProductRead, {
  strict: true,
  decode: (wire, _, ast) => ParseResult.map(readAmountsIn(wire, amountKeys, ast), (amounts) => ({ ...wire, ...amounts })),
  encode: ParseResult.succeed
})
export type ProductInput = typeof ProductInput.Type
