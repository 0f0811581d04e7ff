import type { CaseAssignment, CaseFacts } from "./caseFacts.js"
import type { CaseView } from "./caseView.js"

type ViewAssignment = NonNullable<CaseView["specialist"]> | NonNullable<CaseView["alliance"]>

const assignmentOfView = (a: ViewAssignment, providerId: string, districtId: string | null): CaseAssignment => ({
  provider_id: providerId,
  specialty_id: a.specialty_id,
  district_id: districtId,
  scheduled_date: a.scheduled_date,
  scheduled_time: a.scheduled_time,
  confirmed: a.confirmed,
  completed: a.completed,
  cancel: a.cancel,
  qualification_id: a.qualification_id,
  comment: a.comment
})

/**
 * The facts behind a case as read (`getById`): what a client builds the case lifecycle's snapshot
 * from, so the web and the CLI ask the same machine the server decides with.
 */
export const caseFactsOfView = (view: CaseView): CaseFacts => ({
  number: view.case_number,
  parties: {
    type: view.type,
    customer_id: view.customer?.id ?? null,
    retail_id: view.retail?.id ?? null,
    insured_id: view.insured?.id ?? null,
    beneficiary_id: view.beneficiary?.id ?? null
  },
  service: {
    lead_id: view.lead_id,
    product_id: view.product?.id ?? null,
    productPlan_id: view.product?.productPlan_id ?? null,
    assistance_id: view.assistance?.id ?? null
  },
  coverageException: view.coverageException,
  values: view.values.map((v) => ({ id: v.id, value: v.value })),
  event:
    view.event === null
      ? null
      : { date: view.event.date, district_id: view.event.district_id, location: view.event.location, description: view.event.description },
  files: view.files.map((f) => ({ document_id: f.document_id, file_tag: f.file_tag })),
  procedure: view.procedure_id === null || view.procedure_code === null ? null : { id: view.procedure_id, code: view.procedure_code },
  specialist: view.specialist === null ? null : assignmentOfView(view.specialist, view.specialist.specialist_id, view.specialist.district_id),
  alliance: view.alliance === null ? null : assignmentOfView(view.alliance, view.alliance.partner_id, null),
  refund: view.refund,
  cost: view.cost,
  status: view.status
})
