import { Schema } from "effect"
import { ApplicantType } from "./applicant.js"
import { Id, IsoDate, OptionalText } from "./fields.js"
import { personFields } from "./person.js"
import { CoverageTerms } from "./productAssistance.js"
import { RefundStatus } from "./refund.js"
import { INVALID_RECORD_COUNT, INVALID_CASE_NUMBER, INVALID_PAGE } from "./messages.js"

/**
 * A case as `GET /case/getById/:id` and `POST /case/upsert` answer it: the original's shape
 * (reference §1.2) key for key, with names joined from their records, plus Palma's `version`
 * (also the ETag), `stage` and `coverageException`. Lists are `[]`, never null.
 */

const NullId = Schema.NullOr(Id)
const Named = Schema.Struct({ id: Id, rut: Schema.String, name: Schema.String })

export const CasePerson = Schema.Struct({ id: Id, ...personFields, rut: Schema.String })
export type CasePerson = typeof CasePerson.Type

export const CoverageUse = Schema.Struct({ events: Schema.Number, total_amount: Schema.Number })
export type CoverageUse = typeof CoverageUse.Type

const schedule = {
  specialty_id: NullId,
  specialty_name: Schema.NullOr(Schema.String),
  scheduled_date: Schema.NullOr(IsoDate),
  scheduled_time: Schema.NullOr(Schema.String),
  confirmed: Schema.Boolean,
  completed: Schema.Boolean,
  cancel: Schema.Boolean,
  qualification_id: NullId,
  qualification_name: Schema.NullOr(Schema.String),
  comment: Schema.String
}

export const CaseSpecialistView = Schema.Struct({
  specialist_id: Id,
  specialist_name: Schema.String,
  district_id: Schema.NullOr(Schema.String),
  district_name: Schema.NullOr(Schema.String),
  ...schedule
})

export const CaseAllianceView = Schema.Struct({
  partner_id: Id,
  partner_name: Schema.String,
  partner_address: Schema.String,
  partner_district: Schema.NullOr(Schema.String),
  partner_email: Schema.NullOr(Schema.String),
  partner_phone: Schema.NullOr(Schema.String),
  ...schedule
})

const Amounts = Schema.Struct({ required: Schema.NullOr(Schema.Number), refunded: Schema.NullOr(Schema.Number) })

/** One line of the history: the stage it belongs to (`code`), when, who, and what in Spanish (`name`). */
export const CaseHistoryEntry = Schema.Struct({
  code: Schema.String,
  date: Schema.String,
  time: Schema.String,
  user: Schema.String,
  name: Schema.String,
  version: Schema.Number,
  type: Schema.String,
  at: Schema.String
})
export type CaseHistoryEntry = typeof CaseHistoryEntry.Type

export const CaseView = Schema.Struct({
  case_id: Id,
  case_number: Schema.Number,
  type: ApplicantType,
  lead_id: NullId,
  procedure_id: NullId,
  // Palma's: the procedure's code (specialist, alliance, refund, imed), which the case lifecycle keys on.
  procedure_code: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  user_id: Schema.String,
  date: Schema.String,
  time: Schema.String,
  policy: Schema.NullOr(Schema.Struct({ id: Id, number: Schema.String, startDate: IsoDate, endDate: IsoDate })),
  retail: Schema.NullOr(Named),
  customer: Schema.NullOr(Named),
  insured: Schema.NullOr(CasePerson),
  beneficiary: Schema.NullOr(CasePerson),
  product: Schema.NullOr(Schema.Struct({ id: Id, name: Schema.String, productPlan_id: NullId })),
  assistance: Schema.NullOr(Schema.Struct({ id: Id, name: Schema.String, assigned: Schema.NullOr(CoverageTerms), used: CoverageUse })),
  values: Schema.Array(Schema.Struct({ id: Id, name: Schema.String, value: Schema.String, family_id: NullId, line_order: Schema.Number })),
  event: Schema.NullOr(Schema.Struct({ date: IsoDate, location: Schema.String, description: Schema.String, district_id: Schema.NullOr(Schema.String) })),
  files: Schema.Array(Schema.Struct({ document_id: Id, document_name: Schema.String, file_tag: Schema.String })),
  refund: Schema.NullOr(Schema.Struct({ amount: Amounts, imed: Amounts, status: RefundStatus, comment: Schema.String })),
  specialist: Schema.NullOr(CaseSpecialistView),
  alliance: Schema.NullOr(CaseAllianceView),
  cost: Schema.NullOr(Schema.Struct({ amount: Schema.Number, extra: Schema.Number, comment: Schema.String })),
  status: Schema.Struct({ isClosed: Schema.Boolean, description: Schema.String }),
  history: Schema.Array(CaseHistoryEntry),
  version: Schema.Number,
  stage: Schema.Struct({ id: Id, code: Schema.String, name: Schema.String }),
  coverageException: Schema.NullOr(Schema.String)
})
export type CaseView = typeof CaseView.Type

/** A row of `GET /case/getAll` (reference §1.1), plus Palma's `type`, `isClosed` and `event_date`. */
export const CaseRow = Schema.Struct({
  id: Id,
  number: Schema.Number,
  createddate: Schema.String,
  customer_id: NullId,
  customer_name: Schema.String,
  applicant_rut: Schema.String,
  applicant_name: Schema.String,
  assistance_name: Schema.String,
  stage_id: Id,
  stage_name: Schema.String,
  code: Schema.String,
  type: ApplicantType,
  isClosed: Schema.Boolean,
  event_date: Schema.NullOr(IsoDate)
})
export type CaseRow = typeof CaseRow.Type

/** A positive count in a query string (`records`, `page`), with its Spanish message. */
export const QueryCount = (message: string) =>
  Schema.NumberFromString.annotations({ message: () => message }).pipe(
    Schema.int({ message: () => message }),
    Schema.between(1, 1_000_000, { message: () => message })
  )

/**
 * What a list of cases is filtered by: the seed's criteria, then Palma's beside them (open or
 * closed, a refund's status, only the cases the signed-in user opened).
 */
export const CaseCriteria = Schema.Struct({
  retail_id: Schema.optional(Id),
  applicant_rut: Schema.optional(OptionalText(20)),
  applicant_name: Schema.optional(OptionalText(120)),
  stage_id: Schema.optional(Id),
  status: Schema.optional(Schema.Literal("open", "closed").annotations({ message: () => "Estado inválido (open o closed)" })),
  refund_status: Schema.optional(RefundStatus),
  mine: Schema.optional(Schema.Literal("true").annotations({ message: () => "Valor inválido para mine: solo se admite true" }))
})
export type CaseCriteria = typeof CaseCriteria.Type

/** `GET /case/getAll`'s query, in the original's spelling; `records` per page (all when missing), `page` from 1. */
export const CaseListQuery = Schema.Struct({
  ...CaseCriteria.fields,
  records: Schema.optional(QueryCount(INVALID_RECORD_COUNT)),
  page: Schema.optional(QueryCount(INVALID_PAGE))
})
export type CaseListQuery = typeof CaseListQuery.Type

export const CaseList = Schema.Struct({
  summary: Schema.Struct({ cases: Schema.Number }),
  pagination: Schema.Struct({ total: Schema.Number, page: Schema.Number, records: Schema.Number }),
  data: Schema.Array(CaseRow)
})
export type CaseList = typeof CaseList.Type

/** `getOrigins` and `getStatus`: `[{id, name}]`. */
export const CaseLookup = Schema.Struct({ id: Id, name: Schema.String })
export type CaseLookup = typeof CaseLookup.Type

/** A case by its number, as people name it. */
export const CaseNumberPath = Schema.Struct({
  number: Schema.NumberFromString.annotations({ message: () => INVALID_CASE_NUMBER }).pipe(
    Schema.int({ message: () => INVALID_CASE_NUMBER }),
    Schema.between(1, Number.MAX_SAFE_INTEGER, { message: () => INVALID_CASE_NUMBER })
  )
})
