import { Schema } from "effect"
import { DottedRut, Rut } from "../rut/Rut.js"
import { DistrictRef, Phone, optionalNull } from "./common.js"
import { Email, Id, INVALID_EMAIL, NOT_ALLOWED_CHARACTERS, OptionalText, Payload, Name } from "./fields.js"
import { Amount, Currency } from "./money.js"
import { Frequency } from "./product.js"
import { ProductPlan } from "./productPlan.js"
import { INVALID_PHONE, INVALID_DISTRICT } from "./messages.js"

const INVALID_LOGO = "Logo inválido"

/** A logo reference: an http(s) URL or a path on this server. */
export const LogoUrl = Schema.Trim.annotations({ message: () => INVALID_LOGO }).pipe(
  Schema.maxLength(500, { message: () => "La dirección del logo es demasiado larga" }),
  Schema.pattern(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, { message: () => "El logo debe ser una dirección http(s) o una ruta" }),
  // PostgreSQL cannot store NUL; control characters and lone surrogates have no place in an address.
  Schema.filter((s) => s.isWellFormed() && ![...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), {
    message: () => NOT_ALLOWED_CHARACTERS
  })
)

/**
 * A sales channel (bank card, retailer, broker, web) as `getAll` lists it; `line` is the giro.
 * `district` is the comuna's name ("" without one) and `district_id` its CUT code. `logo` is
 * where to get the logo: this server's `/api/retail/logo/{id}` once one was uploaded, else the
 * reference given on create (if any).
 */
export const Retail = Schema.Struct({
  id: Id,
  rut: DottedRut,
  name: Schema.String,
  legalRepresentative: Schema.String,
  line: Schema.String,
  fantasyName: Schema.String,
  address: Schema.String,
  district: Schema.String,
  district_id: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  logo: Schema.NullOr(Schema.String),
  isActive: Schema.Boolean
})
export type Retail = typeof Retail.Type

/**
 * A product the channel sells, through its plan: `id` and `product_id` are the product's,
 * `productplan_id` the plan's (what a case names); `price` is the plan's customer price, in
 * `currency`, beside Palma's other prices. `subscriptions` counts the plan's live policies: 0
 * until Palma keeps policies.
 */
export const RetailProduct = Schema.Struct({
  id: Id,
  product_id: Id,
  name: Schema.String,
  productplan_id: Id,
  currency: Currency,
  frequency: Frequency,
  price: Amount,
  companyPrice: Amount,
  yearlyPrice: Amount,
  subscriptions: Schema.Number
})
export type RetailProduct = typeof RetailProduct.Type

/**
 * One channel as `getById`, `getByRut` and `create` answer it: the channel, the products it sells
 * and its users (always none: Palma has no channel users).
 */
export const RetailDetail = Schema.Struct({
  ...Retail.fields,
  products: Schema.Array(RetailProduct),
  users: Schema.Tuple()
})
export type RetailDetail = typeof RetailDetail.Type

const text = (max: number) => Schema.optionalWith(OptionalText(max), { default: () => "" })

/**
 * `POST /retail/create`, an upsert keyed on the RUT. `district` is a comuna's name or CUT code;
 * what else the original client posts (`id`, `products`, `users`…) is ignored.
 */
export const RetailInput = Payload({
  rut: Rut,
  name: Name(120),
  legalRepresentative: text(120),
  line: text(120),
  fantasyName: text(120),
  address: text(200),
  district: optionalNull(DistrictRef, INVALID_DISTRICT),
  email: optionalNull(Email, INVALID_EMAIL),
  phone: optionalNull(Phone, INVALID_PHONE),
  logo: optionalNull(LogoUrl, INVALID_LOGO)
})
export type RetailInput = typeof RetailInput.Type

/** `getBySearchValues`: partial matches; a blank or missing criterion does not filter. */
export const RetailSearch = Payload({
  rut: optionalNull(OptionalText(20), "Debe ser un texto"),
  name: optionalNull(OptionalText(120), "Debe ser un texto")
})
export type RetailSearch = typeof RetailSearch.Type

/** A channel `getBySearchValues` finds: how many products it sells and how many people it insures. */
export const RetailFound = Schema.Struct({
  ...Retail.fields,
  products: Schema.Number,
  insured: Schema.Number
})
export type RetailFound = typeof RetailFound.Type

/** A product a channel sells, as `getProductsAndRetail` names it. */
export const PlanProduct = Schema.Struct({ id: Id, name: Schema.String, productplan_id: Id })
export type PlanProduct = typeof PlanProduct.Type

/**
 * An active channel and what it sells, for pickers of channel → plan: `products` as the original
 * answers them, `plans` with Palma's plan fields (prices included).
 */
export const RetailWithPlans = Schema.Struct({
  id: Id,
  rut: DottedRut,
  name: Schema.String,
  products: Schema.Array(PlanProduct),
  plans: Schema.Array(ProductPlan)
})
export type RetailWithPlans = typeof RetailWithPlans.Type

/** Logos are images checked by content; under this size. */
export const LOGO_MAX_BYTES = 10 * 1024 * 1024
/** A logo over that limit, whether the form reader or the body limit sees it first. */
export const LOGO_TOO_LARGE = "El logo es demasiado grande: el máximo es 10 MB"

/** The image types a logo may be, as detected from its bytes. */
export const logoContentTypes = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const
export type LogoContentType = (typeof logoContentTypes)[number]
