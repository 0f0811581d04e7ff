import { Schema } from "effect"
import { CaseHistoryEntry, type CaseView, chileDateOf, chileTimeOf, describeChange, stageOfChange } from "@palma/core/domain"
import type { StoredCase } from "./storedCase.js"
import type { DecodedEvent } from "./caseHistoryCache.js"
import type { CaseNames } from "./CaseViewRepo.js"

const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("/")

const encodeEntry = Schema.encodeSync(CaseHistoryEntry)

/** A line of a case's history, with the procedure chosen once its event happened (what the next line's stage reads). */
export interface HistoryLine {
  readonly version: number
  readonly procedure: string | null
  readonly entry: CaseHistoryEntry
}

/**
 * The history's lines of `events`, which follow a line left with `procedure` chosen (null at the
 * start): each event's stage, day and time in Chile, author and what happened, oldest first. A line
 * never changes once its event is stored, so each is derived (and checked against the contract) once.
 */
export const historyLines = (events: ReadonlyArray<DecodedEvent>, procedure: string | null): ReadonlyArray<HistoryLine> => {
  let chosen = procedure
  return events.map((e) => {
    if (e.change.type === "procedureSet") chosen = e.change.payload.procedure?.code ?? null
    const entry = encodeEntry({
      code: stageOfChange(e.change, chosen),
      date: ddmmyyyy(chileDateOf(e.at)),
      time: chileTimeOf(e.at),
      user: e.user_id,
      name: describeChange(e.change),
      version: e.version,
      type: e.change.type,
      at: e.at.toISOString()
    })
    return { version: e.version, procedure: chosen, entry }
  })
}

/** The history as the seed shows it, newest first. */
export const historyOf = (lines: ReadonlyArray<HistoryLine>): ReadonlyArray<CaseHistoryEntry> => lines.map((line) => line.entry).reverse()

/** The case in the original's shape (reference §1.2), from its facts and the names they point to. */
export const caseView = (
  stored: StoredCase,
  names: CaseNames,
  used: { readonly events: number; readonly total_amount: number },
  history: ReadonlyArray<CaseHistoryEntry>
): CaseView => {
  const { facts } = stored
  const valueNames = new Map((names.value_names ?? []).map((v) => [v.id, v]))
  const documentNames = new Map((names.document_names ?? []).map((d) => [d.id, d.name]))
  const schedule = (a: NonNullable<typeof facts.specialist>, specialty: string | null, qualification: string | null) => ({
    specialty_id: a.specialty_id,
    specialty_name: specialty,
    scheduled_date: a.scheduled_date,
    scheduled_time: a.scheduled_time,
    confirmed: a.confirmed,
    completed: a.completed,
    cancel: a.cancel,
    qualification_id: a.qualification_id,
    qualification_name: qualification,
    comment: a.comment
  })
  return {
    case_id: stored.id,
    case_number: facts.number,
    type: facts.parties.type,
    lead_id: facts.service.lead_id,
    procedure_id: facts.procedure?.id ?? null,
    procedure_code: facts.procedure?.code ?? null,
    // The original always answers "" here; who did what is in `history`.
    user_id: "",
    date: ddmmyyyy(chileDateOf(stored.createdAt)),
    time: chileTimeOf(stored.createdAt),
    policy: names.policy,
    retail: names.retail,
    customer: names.customer,
    insured: names.insured,
    beneficiary: names.beneficiary,
    product: names.product === null ? null : { ...names.product, productPlan_id: facts.service.productPlan_id },
    assistance: names.assistance === null ? null : { ...names.assistance, assigned: names.assigned, used },
    values: facts.values.map((v) => {
      const known = valueNames.get(v.id)
      return { id: v.id, name: known?.name ?? "", value: v.value, family_id: known?.family_id ?? null, line_order: known?.line_order ?? 0 }
    }),
    event:
      facts.event === null
        ? null
        : {
            date: facts.event.date,
            location: names.event_district ?? facts.event.location,
            description: facts.event.description,
            district_id: facts.event.district_id
          },
    files: facts.files.map((f) => ({ document_id: f.document_id, document_name: documentNames.get(f.document_id) ?? "", file_tag: f.file_tag })),
    refund: facts.refund,
    specialist:
      facts.specialist === null
        ? null
        : {
            specialist_id: facts.specialist.provider_id,
            specialist_name: names.specialist ?? "",
            district_id: facts.specialist.district_id,
            district_name: names.specialist_district,
            ...schedule(facts.specialist, names.specialist_specialty, names.specialist_qualification)
          },
    alliance:
      facts.alliance === null
        ? null
        : {
            partner_id: facts.alliance.provider_id,
            partner_name: names.partner?.name ?? "",
            partner_address: names.partner?.address ?? "",
            partner_district: names.partner?.district ?? null,
            partner_email: names.partner?.email ?? null,
            partner_phone: names.partner?.phone ?? null,
            ...schedule(facts.alliance, names.alliance_specialty, names.alliance_qualification)
          },
    cost: facts.cost,
    status: facts.status,
    history,
    version: stored.version,
    stage: names.stage,
    coverageException: facts.coverageException
  }
}
