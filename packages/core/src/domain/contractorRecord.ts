import { ParseResult, Schema } from "effect"
import { DottedRut, Rut } from "../rut/Rut.js"
import { Choice, DistrictRef, Phone, optionalNull } from "./common.js"
import { BirthDate, Email, Flag, INVALID_EMAIL, NOT_A_FLAG, OptionalText, Payload, Typeable } from "./fields.js"
import { Amount } from "./money.js"
import { PageNumber } from "./page.js"
import { DerivedAmount } from "./subscription.js"
import { INVALID_ISO_DATE, INVALID_PAGE_SIZE, INVALID_PHONE, INVALID_DISTRICT, INVALID_PAGE } from "./messages.js"

/** Who pays, as the original's contractor calls name it: a person (P) or a company (C). */
export const ContractorKind = Choice(["P", "C"], "Tipo de contratante inválido: P (persona) o C (empresa)")
export type ContractorKind = typeof ContractorKind.Type

const kept = (max: number) => Schema.optionalWith(OptionalText(max), { default: () => "" })

/**
 * `POST /contractor/create`: an upsert keyed on the RUT, as the original client posts it. A
 * company's name may come as `companyName` (an older client's spelling). A blank or missing field
 * keeps what is stored; a new contractor needs a name.
 */
export const ContractorCreateInput = Schema.transform(
  Payload({
    type: ContractorKind,
    rut: Rut,
    name: kept(120),
    companyName: kept(120),
    legalRepresentative: kept(120),
    line: kept(120),
    paternalLastName: kept(80),
    maternalLastName: kept(80),
    birthDate: optionalNull(BirthDate, INVALID_ISO_DATE),
    address: kept(200),
    district: optionalNull(DistrictRef, INVALID_DISTRICT),
    email: optionalNull(Email, INVALID_EMAIL),
    phone: optionalNull(Phone, INVALID_PHONE)
  }),
  Schema.Struct({
    type: Schema.typeSchema(ContractorKind),
    rut: Schema.typeSchema(Rut),
    name: Schema.String,
    legalRepresentative: Schema.String,
    line: Schema.String,
    paternalLastName: Schema.String,
    maternalLastName: Schema.String,
    birthDate: Schema.NullOr(Schema.String),
    address: Schema.String,
    district: Schema.NullOr(Schema.String),
    email: Schema.NullOr(Schema.String),
    phone: Schema.NullOr(Schema.String)
  }),
  {
    strict: true,
    decode: ({ companyName, ...input }) => ({ ...input, name: input.name !== "" ? input.name : companyName }),
    encode: (input) => ({ ...input, companyName: "" })
  }
)
export type ContractorCreateInput = typeof ContractorCreateInput.Type

/**
 * `POST /contractor/getAll`: a blank or missing criterion does not filter; `active` keeps only
 * contractors with a policy in force. The original client sends its filter state as is.
 */
export const ContractorSearch = Payload({
  contractorType: Schema.optionalWith(Schema.Union(ContractorKind, Schema.Literal("")), { default: () => "" as const }),
  rut: kept(20),
  nameLike: kept(120),
  active: Schema.optionalWith(
    Schema.Union(
      Flag,
      Schema.transformOrFail(Schema.String, Schema.Boolean, {
        strict: true,
        decode: (s, _, ast) =>
          s === "true"
            ? ParseResult.succeed(true)
            : s === "false" || s === ""
              ? ParseResult.succeed(false)
              : ParseResult.fail(new ParseResult.Type(ast, s, NOT_A_FLAG)),
        encode: (b) => ParseResult.succeed(String(b))
      })
    ),
    { default: () => false }
  )
})
export type ContractorSearch = typeof ContractorSearch.Type

/** Palma's `GET /contractor/page`: the same criteria as `getAll`, in the query string, and the page wanted. */
export const ContractorPageQuery = Schema.Struct({
  contractorType: Schema.optional(ContractorKind),
  rut: Schema.optional(Typeable.pipe(Schema.maxLength(20, { message: () => "El RUT es demasiado largo (máximo 20 caracteres)" }))),
  nameLike: Schema.optional(Typeable.pipe(Schema.maxLength(120, { message: () => "El nombre es demasiado largo (máximo 120 caracteres)" }))),
  active: Schema.optional(Schema.Literal("true", "false").annotations({ message: () => "Vigentes: true o false" })),
  page: Schema.optional(PageNumber(1, Number.MAX_SAFE_INTEGER, INVALID_PAGE)),
  pageSize: Schema.optional(PageNumber(1, 200, INVALID_PAGE_SIZE))
})
export type ContractorPageQuery = typeof ContractorPageQuery.Type

const place = {
  address: Schema.String,
  district: Schema.String,
  district_id: Schema.NullOr(Schema.String),
  email: Schema.String,
  phone: Schema.String
}

/** A contractor in `getAll`: `name` is the full name; `quantity` counts policies in force (text, as the original). */
export const ContractorListed = Schema.Struct({
  type: ContractorKind,
  id: Schema.String,
  rut: DottedRut,
  name: Schema.String,
  ...place,
  quantity: Schema.String
})
export type ContractorListed = typeof ContractorListed.Type

/** The contractor's own fields, as `getById` and `getByRut` answer them ("" when not known). */
export const ContractorFields = Schema.Struct({
  id: Schema.String,
  type: ContractorKind,
  rut: DottedRut,
  name: Schema.String,
  companyName: Schema.String,
  paternalLastName: Schema.String,
  maternalLastName: Schema.String,
  legalRepresentative: Schema.String,
  line: Schema.String,
  birthDate: Schema.String,
  ...place
})
export type ContractorFields = typeof ContractorFields.Type

export const ContractorSubscription = Schema.Struct({
  subscription_id: Schema.Number,
  product_id: Schema.String,
  product_name: Schema.String,
  createDate: Schema.String
})

/**
 * What a subscription has charged and collected: dues due so far (by the product's frequency,
 * from the policy's start up to today or its end) against the payments recorded.
 */
export const ContractorPayment = Schema.Struct({
  ...ContractorSubscription.fields,
  frequency: Schema.String,
  price: Amount,
  insured: Schema.Number,
  collected_dues: Schema.Number,
  collected_amount: DerivedAmount,
  paid_dues: Schema.Number,
  paid_amount: DerivedAmount
})
export type ContractorPayment = typeof ContractorPayment.Type

export const ContractorDetail = Schema.Struct({
  ...ContractorFields.fields,
  subscriptions: Schema.Array(ContractorSubscription),
  payment: Schema.Array(ContractorPayment)
})
export type ContractorDetail = typeof ContractorDetail.Type

/** `create` answers the stored contractor in the original's envelope (its client keeps the whole). */
export const ContractorCreated = Schema.Struct({ message: Schema.String, data: ContractorDetail })
export type ContractorCreated = typeof ContractorCreated.Type

export const ContractorRutPath = Schema.Struct({ rut: Rut, type: ContractorKind })
