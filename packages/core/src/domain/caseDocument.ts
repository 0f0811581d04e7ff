import { ParseResult, Schema } from "effect"
import { ApplicantType } from "./applicant.js"
import { Nullable, optionalNull } from "./common.js"
import { Flag, Id, IsoDate, NumberLike, OptionalText, Payload } from "./fields.js"
import { RefundStatus, refundStatusMessage } from "./refund.js"
import { TimeOfDay, INVALID_TIME } from "./time.js"
import { INVALID_ISO_DATE, INVALID_ID } from "./messages.js"
import { NEGATIVE_AMOUNT, AMOUNT_TOO_LARGE } from "./money.js"

/**
 * `POST /case/upsert`'s body: the whole case the original client keeps in its state (reference
 * §1.3), in its spelling. Only what the server reads is declared; the rest (names, `history`,
 * `policy`, `user_id`…) is dropped. Missing and null sections leave the stored case as it is.
 */

const id = () => optionalNull(Id, INVALID_ID)
/** A nested object the client may send as null or leave out. */
const section = <S extends Schema.Schema.Any>(schema: S) => Schema.optionalWith(Schema.NullOr(schema), { default: () => null })
const text = (max: number) => Schema.optionalWith(Schema.NullOr(OptionalText(max)), { default: () => null })
const flag = Schema.optionalWith(Schema.NullOr(Flag), { default: () => null })

/** A calendar date as clients send it: "2024-03-05", an ISO instant (its date as written) or "05/03/2024". */
export const LooseDate = Schema.transformOrFail(Schema.String.annotations({ message: () => INVALID_ISO_DATE }), IsoDate, {
  strict: true,
  decode: (input, _, ast) => {
    const s = input.trim()
    const dmy = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(s)
    const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(s)
    const date = dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : iso?.[1]
    return date === undefined ? ParseResult.fail(new ParseResult.Type(ast, input, INVALID_ISO_DATE)) : ParseResult.succeed(date)
  },
  encode: ParseResult.succeed
})

/** A time of day, also with seconds ("14:30:00" → "14:30"). */
export const LooseTime = Schema.transformOrFail(Schema.String.annotations({ message: () => INVALID_TIME }), TimeOfDay, {
  strict: true,
  decode: (input, _, ast) => {
    const match = /^(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(input.trim())
    return match?.[1] === undefined ? ParseResult.fail(new ParseResult.Type(ast, input, INVALID_TIME)) : ParseResult.succeed(match[1])
  },
  encode: ParseResult.succeed
})

/**
 * Pesos, whole: the original cast amounts to integers; numeric text is accepted. At most what the
 * projection's numeric(12,2) columns hold (a larger amount was a 500 from the database).
 */
export const Pesos = NumberLike.pipe(
  Schema.nonNegative({ message: () => NEGATIVE_AMOUNT }),
  Schema.lessThanOrEqualTo(9_999_999_999, { message: () => AMOUNT_TOO_LARGE })
)
const pesos = Schema.optionalWith(Schema.NullOr(Pesos), { default: () => null })

const Ref = Payload({ id: id() })

const Person = Payload({ id: id() })

const Product = Payload({ id: id(), productPlan_id: id() })

/** An answer to one of the assistance's values: text on the wire, whatever the client typed it as. */
const Answer = Schema.transform(Schema.Union(Schema.String, Schema.Number, Schema.Boolean, Schema.Null), Schema.String, {
  strict: true,
  decode: (v) => (v === null ? "" : String(v)),
  encode: (s) => s
})
const Value = Payload({ id: Id, value: Schema.optionalWith(Answer, { default: () => "" }) })

const Incident = Payload({
  date: Schema.optionalWith(Schema.NullOr(LooseDate), { default: () => null }),
  // A comuna's code or name, or free text for the place.
  location: text(300),
  description: text(2000)
})

const File = Payload({ document_id: Id, file_tag: Schema.optionalWith(OptionalText(300), { default: () => "" }) })

const Amounts = Payload({ required: pesos, refunded: pesos })

const Refund = Payload({
  amount: section(Amounts),
  imed: section(Amounts),
  // The original's refund form sends "" for a new request: none (a new refund starts Pendiente).
  status: optionalNull(RefundStatus, refundStatusMessage),
  comment: text(2000)
})

const schedule = {
  specialty_id: id(),
  scheduled_date: Schema.optionalWith(Schema.NullOr(LooseDate), { default: () => null }),
  scheduled_time: Schema.optionalWith(Schema.NullOr(LooseTime), { default: () => null }),
  confirmed: flag,
  completed: flag,
  cancel: flag,
  qualification_id: Schema.optionalWith(Nullable(Id, "Calificación inválida"), { default: () => null }),
  comment: text(2000)
}
const Specialist = Payload({ specialist_id: id(), district_id: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }), ...schedule })
const Alliance = Payload({ partner_id: id(), ...schedule })

const Cost = Payload({ amount: pesos, extra: pesos, comment: text(2000) })

const Status = Payload({ isClosed: flag, description: text(2000) })

export const CaseDocument = Payload({
  case_id: id(),
  type: Schema.optionalWith(Schema.NullOr(ApplicantType), { default: () => null }),
  insured: section(Person),
  beneficiary: section(Person),
  customer: section(Ref),
  retail: section(Ref),
  product: section(Product),
  assistance: section(Ref),
  lead_id: id(),
  productplan_id: id(),
  values: section(Schema.Array(Value).pipe(Schema.maxItems(100, { message: () => "Demasiados valores" }))),
  event: section(Incident),
  files: section(Schema.Array(File).pipe(Schema.maxItems(100, { message: () => "Demasiados antecedentes" }))),
  procedure_id: id(),
  refund: section(Refund),
  specialist: section(Specialist),
  alliance: section(Alliance),
  cost: section(Cost),
  status: section(Status),
  // Palma's: why the operator goes ahead although the coverage check found a problem.
  coverageException: text(500)
})
export type CaseDocument = typeof CaseDocument.Type
