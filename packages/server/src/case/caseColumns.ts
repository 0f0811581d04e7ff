import type { CaseFacts } from "@palma/core/domain"

/** What the projection row needs beyond the facts: looked up by the repo, or known to a bulk writer. */
export interface CaseLookups {
  readonly stage_id: string
  readonly applicant_rut: string | null
  readonly applicant_search: string
}

/** The `assistance_case` columns the facts imply: what lists filter, sort and count on (the facts themselves go to `case_state`). */
export const caseColumns = (facts: CaseFacts, lookups: CaseLookups) => ({
  type: facts.parties.type,
  lead_id: facts.service.lead_id,
  customer_id: facts.parties.customer_id,
  retail_id: facts.parties.retail_id,
  insured_id: facts.parties.insured_id,
  beneficiary_id: facts.parties.beneficiary_id,
  product_id: facts.service.product_id,
  assistance_id: facts.service.assistance_id,
  procedure_code: facts.procedure?.code ?? null,
  stage_id: lookups.stage_id,
  applicant_rut: lookups.applicant_rut,
  applicant_search: lookups.applicant_search,
  event_date: facts.event?.date ?? null,
  is_closed: facts.status.isClosed,
  refund_status: facts.refund?.status ?? null,
  refund_amount: facts.refund?.amount.required ?? null,
  imed_amount: facts.refund?.imed.required ?? null
})
