import { Schema } from "effect"
import { Rut } from "../rut/Rut.js"
import { DistrictCode, Phone, optionalNull } from "./common.js"
import { Email, Id, OptionalText, Payload, Text } from "./fields.js"

/** A logo reference: an http(s) URL or a path on this server. */
export const LogoUrl = Schema.Trim.annotations({ message: () => "Logo inválido" }).pipe(
  Schema.maxLength(500, { message: () => "La dirección del logo es demasiado larga" }),
  Schema.pattern(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, { message: () => "El logo debe ser una dirección http(s) o una ruta" })
)

/** A sales channel (bank card, retailer, broker, web); `line` is the giro. */
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
