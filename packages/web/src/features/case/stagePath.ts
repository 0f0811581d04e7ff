import type { CaseView } from "@palma/core"

const intake = ["applicant", "insured", "product", "event", "attachment"] as const

/** The procedure's stage a case is on its way through, if it has one. */
const procedureStage = (view: CaseView): string | null => {
  if (view.specialist !== null) return view.specialist.cancel ? "anulled_specialist" : "specialist"
  if (view.alliance !== null) return view.alliance.cancel ? "anulled_alliance" : "alliance"
  if (view.refund !== null) return view.refund.imed.required !== null ? "imed" : "refund"
  return null
}

/** The stages of this case's path, in order (DOMAIN "Stages of a case"): intake, its procedure's stage, closing. */
export const stagePathOf = (view: CaseView): ReadonlyArray<string> => {
  const procedure = procedureStage(view)
  return [...intake, ...(procedure === null ? [] : [procedure]), "close"]
}
