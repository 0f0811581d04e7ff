import { Schema } from "effect"
import { Rut } from "../rut/Rut.js"
import { DistrictCode, Phone, optionalNull } from "./common.js"
import { Email, Id, OptionalText, Payload, Text } from "./fields.js"
import { ProductPlan } from "./productPlan.js"

/** A logo reference: an http(s) URL or a path on this server. */
export const LogoUrl = Schema.Trim.annotations({ message: () => "Logo inválido" }).pipe(
  Schema.maxLength(500, { message: () => "La dirección del logo es demasiado larga" }),
  Schema.pattern(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, { message: () => "El logo debe ser una dirección http(s) o una ruta" }),
  // PostgreSQL cannot store NUL; control characters and lone surrogates have no place in an address.
  Schema.filter((s) => s.isWellFormed() && ![...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), {
    message: () => "Contiene caracteres no permitidos"
  })
)

/**
 * A sales channel (bank card, retailer, broker, web); `line` is the giro, `district` a comuna's
 * CUT code. `logo` is where to get the logo: this server's `/api/retail/logo/{id}` once one was
 * uploaded, else the reference given on create (if any).
 */
export const Retail = Schema.Struct({
  id: Id,
  rut: Rut,
  name: Schema.String,
  legalRepresentative: Schema.String,
  line: Schema.String,
  address: Schema.String,
  district: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  logo: Schema.NullOr(Schema.String),
  isActive: Schema.Boolean
})
export type Retail = typeof Retail.Type

const text = (max: number) => Schema.optionalWith(OptionalText(max), { default: () => "" })

export const RetailInput = Payload({
  rut: Rut,
  name: Text(120),
  legalRepresentative: text(120),
  line: text(120),
  address: text(200),
  district: optionalNull(DistrictCode, "Comuna inválida"),
  email: optionalNull(Email, "Correo electrónico inválido"),
  phone: optionalNull(Phone, "Teléfono inválido"),
  logo: optionalNull(LogoUrl, "Logo inválido")
})
export type RetailInput = typeof RetailInput.Type

/** `getBySearchValues`: partial matches; a blank or missing criterion does not filter. */
export const RetailSearch = Payload({
  rut: optionalNull(OptionalText(20), "Debe ser un texto"),
  name: optionalNull(OptionalText(120), "Debe ser un texto")
})
export type RetailSearch = typeof RetailSearch.Type

/** A channel with the plans it sells (active ones only), for pickers of channel → plan. */
export const RetailWithPlans = Schema.Struct({
  ...Retail.fields,
  plans: Schema.Array(ProductPlan)
})
export type RetailWithPlans = typeof RetailWithPlans.Type

/** Logos are images checked by content; under this size. */
export const LOGO_MAX_BYTES = 10 * 1024 * 1024

/** The image types a logo may be, as detected from its bytes. */
export const logoContentTypes = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const
export type LogoContentType = (typeof logoContentTypes)[number]
