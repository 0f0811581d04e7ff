import type { FormErrors } from "@mantine/form"
import type { Currency, Frequency, Product, ProductAssistance } from "@palma/core"
import { pathKey } from "../../kit"
import { moneyText, parseMoney } from "./moneyText"

/** One assistance of the product (`id`, the seed's word) with its coverage, amounts as typed. */
export type CoverageValues = {
  id: string
  /** Shown on its card; the body does not carry it. */
  name: string
  amount: string
  currency: Currency
  maximum: string
  events: number | ""
  lack: number | ""
}

/** The product form's values: amounts as typed (see moneyText), term as its radio's value. */
export type ProductValues = {
  family_id: string | null
  name: string
  cost: string
  dynamiccharge: string
  isSubject: boolean
  frequency: Frequency
  term: string | null
  beneficiaries: number | ""
  currency: Currency
  dueDay: number | ""
  minInsuredCompanyPrice: string
  title: string
  subTitle: string
  alias: string
  promotional: string
  description: string
  territorialScope: string
  hiringConditions: string
  assistances: CoverageValues[]
}

export const coverageOf = (c: Pick<ProductAssistance, "id" | "name"> & Partial<ProductAssistance>, currency: Currency): CoverageValues => ({
  id: c.id,
  name: c.name,
  amount: c.amount === undefined ? "" : moneyText(c.amount),
  currency: c.currency ?? currency,
  maximum: c.maximum === undefined ? "" : moneyText(c.maximum),
  events: c.events ?? 1,
  lack: c.lack ?? 0
})

/** A product's values, or a new one's (monthly, in pesos, no cost per carga, in the family the list shows). */
export const initialValues = (item: Product | null, family: string | null): ProductValues => ({
  family_id: item?.family_id ?? family,
  name: item?.name ?? "",
  cost: item === null ? "" : moneyText(item.cost),
  dynamiccharge: moneyText(item?.dynamiccharge ?? 0),
  isSubject: item?.isSubject ?? false,
  frequency: item?.frequency ?? "M",
  term: item === null ? null : String(item.term),
  beneficiaries: item?.beneficiaries ?? 0,
  currency: item?.currency ?? "P",
  dueDay: item?.dueDay ?? "",
  minInsuredCompanyPrice: item === null ? "" : moneyText(item.minInsuredCompanyPrice),
  title: item?.title ?? "",
  subTitle: item?.subTitle ?? "",
  alias: item?.alias ?? "",
  promotional: item?.promotional ?? "",
  description: item?.description ?? "",
  territorialScope: item?.territorialScope ?? "",
  hiringConditions: item?.hiringConditions ?? "",
  assistances: (item?.assistances ?? []).map((a) => coverageOf(a, a.currency))
})

/** A typed amount, or nothing when the text is not one (the form's own check says why). */
const amount = (currency: Currency, text: string) => {
  const parsed = parseMoney(currency, text)
  return parsed.ok ? parsed.amount : undefined
}

const present = <K extends string, V>(key: K, value: V | "" | null | undefined): Partial<Record<K, V>> =>
  value === "" || value === null || value === undefined ? {} : ({ [key]: value } as Record<K, V>)

/** The request body in the contract's shape: pesos as integers, UF as "1.25" strings. */
export const bodyOf = (v: ProductValues) => ({
  ...present("family_id", v.family_id),
  name: v.name,
  ...present("cost", amount(v.currency, v.cost)),
  ...present("dynamiccharge", amount(v.currency, v.dynamiccharge)),
  isSubject: v.isSubject,
  frequency: v.frequency,
  ...present("term", v.term === null ? null : Number(v.term)),
  ...present("beneficiaries", v.beneficiaries),
  currency: v.currency,
  ...present("dueDay", v.dueDay),
  ...present("minInsuredCompanyPrice", amount(v.currency, v.minInsuredCompanyPrice)),
  title: v.title,
  subTitle: v.subTitle,
  alias: v.alias,
  promotional: v.promotional,
  description: v.description,
  territorialScope: v.territorialScope,
  hiringConditions: v.hiringConditions,
  assistances: v.assistances.map((c) => ({
    id: c.id,
    ...present("amount", amount(c.currency, c.amount)),
    currency: c.currency,
    ...present("maximum", amount(c.currency, c.maximum)),
    ...present("events", c.events),
    ...present("lack", c.lack)
  }))
})

/** Amount texts that are not amounts in their currency, beside their inputs. */
export const checkMoney = (v: ProductValues): FormErrors => {
  const errors: FormErrors = {}
  const check = (key: string, currency: Currency, text: string) => {
    const parsed = parseMoney(currency, text)
    if (!parsed.ok) errors[key] = parsed.message
  }
  check("cost", v.currency, v.cost)
  check("dynamiccharge", v.currency, v.dynamiccharge)
  check("minInsuredCompanyPrice", v.currency, v.minInsuredCompanyPrice)
  v.assistances.forEach((c, i) => {
    check(`assistances.${i}.amount`, c.currency, c.amount)
    check(`assistances.${i}.maximum`, c.currency, c.maximum)
  })
  return errors
}

const fieldNames = new Set<string>([
  "family_id",
  "name",
  "cost",
  "dynamiccharge",
  "isSubject",
  "frequency",
  "term",
  "beneficiaries",
  "currency",
  "dueDay",
  "minInsuredCompanyPrice",
  "title",
  "subTitle",
  "alias",
  "promotional",
  "description",
  "territorialScope",
  "hiringConditions",
  "assistances"
])
const coverageFields = new Set<string>(["id", "amount", "currency", "maximum", "events", "lack"])

/** Where the form shows an issue: each coverage field on its card, the rest on its input. */
export const fieldKeyOf = (path: ReadonlyArray<string | number>): string | null => {
  const [field, index, sub] = path
  if (typeof field !== "string" || !fieldNames.has(field)) return null
  if (field !== "assistances" || path.length === 1) return field
  if (typeof index !== "number") return "assistances"
  return typeof sub === "string" && coverageFields.has(sub) ? pathKey([field, index, sub]) : pathKey([field, index, "id"])
}
