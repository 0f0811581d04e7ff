import type { CaseView } from "../../src/domain/caseView.js"

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`

const schedule = {
  specialty_id: null,
  specialty_name: null,
  scheduled_date: "2026-11-20",
  scheduled_time: "10:30",
  confirmed: false,
  completed: false,
  cancel: false,
  qualification_id: null,
  qualification_name: null,
  comment: ""
}

/** A case as `getById` answers it, open, at its event, with no procedure yet. */
export const openCase: CaseView = {
  case_id: id(1),
  case_number: 1042,
  type: "I",
  lead_id: id(2),
  procedure_id: null,
  procedure_code: null,
  user_id: "",
  date: "20/11/2026",
  time: "09:15",
  policy: null,
  retail: { id: id(3), rut: "76.123.456-0", name: "Tienda" },
  customer: null,
  insured: null,
  beneficiary: null,
  product: null,
  assistance: null,
  values: [],
  event: { date: "2026-11-20", location: "Ñuñoa", description: "Filtración", district_id: "13120" },
  files: [],
  refund: null,
  specialist: null,
  alliance: null,
  cost: null,
  status: { isClosed: false, description: "" },
  history: [],
  version: 4,
  stage: { id: id(4), code: "event", name: "Evento" },
  coverageException: null
}

export const specialist = { specialist_id: id(5), specialist_name: "Ana Pérez", district_id: "13120", district_name: "Ñuñoa", ...schedule }
export const alliance = {
  partner_id: id(6),
  partner_name: "Gasfitería Sur",
  partner_address: "Calle 1",
  partner_district: null,
  partner_email: null,
  partner_phone: null,
  ...schedule
}
export const refund = (status: "Pendiente" | "Aprobado" | "Rechazado" | "Reembolsado") => ({
  amount: { required: 45000, refunded: null },
  imed: { required: null, refunded: null },
  status,
  comment: ""
})
