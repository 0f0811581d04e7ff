import type { CaseFacts } from "@palma/core/domain"

/** What the projection row needs beyond the facts: looked up by the repo, or known to a bulk writer. */
export interface CaseLookups {
  readonly stage_id: string
  readonly applicant_rut: string | null
  readonly applicant_search: string
}

/** The `assistance_case` columns the facts give by themselves: what lists filter, sort and count on (the facts themselves go to `case_state`). */
export const factColumns = (facts: CaseFacts) => ({
  type: facts.parties.type,
  lead_id: facts.service.lead_id,
  customer_id: facts.parties.customer_id,
  retail_id: facts.parties.retail_id,
  insured_id: facts.parties.insured_id,
  beneficiary_id: facts.parties.beneficiary_id,
  product_id: facts.service.product_id,
  assistance_id: facts.service.assistance_id,
  procedure_code: facts.procedure?.code ?? null,
  event_date: facts.event?.date ?? null,
  is_closed: facts.status.isClosed,
  refund_status: facts.refund?.status ?? null,
  refund_amount: facts.refund?.amount.required ?? null,
  imed_amount: facts.refund?.imed.required ?? null
})

/** Every `assistance_case` column the facts imply, with the lookups they need. */
export const caseColumns = (facts: CaseFacts, lookups: CaseLookups) => ({ ...factColumns(facts), ...lookups })
