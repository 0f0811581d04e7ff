import { type CaseRow, Rut } from "@palma/core/domain"
import type { ListRow } from "./CaseRepo.js"

/** A list row as the seed's `getAll` answers it (reference §1.1), and an export's preview too. */
export const caseRowOf = ({ created_at, number, is_closed, ...row }: ListRow): CaseRow => ({
  ...row,
  // Dotted, as the original client shows and sends RUTs.
  applicant_rut: Rut.isValid(row.applicant_rut) ? Rut.format(row.applicant_rut) : row.applicant_rut,
  number,
  createddate: created_at.toISOString(),
  isClosed: is_closed
})
