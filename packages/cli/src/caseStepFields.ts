import {
  type Call,
  type Candidate,
  type CaseStep,
  type CaseView,
  type Picked,
  type StepFields,
  Rut,
  assignmentBlock,
  assignmentKindFor,
  blankStepFields,
  candidateSpecialtiesParam,
  candidatesMissing,
  candidatesParam,
  loadCandidateSpecialties,
  loadCandidates,
  pesosOf,
  UNKNOWN_PROCEDURE,
  UNKNOWN_QUALIFICATION
} from "@palma/core"
import { CliError, ExitCode, usageError } from "./errors.js"
import { namedRecord } from "./namedRecord.js"
import { foldName, positiveFlag } from "./validate.js"

/** The flags a step takes (each step reads only its own). */
export interface StepOptions {
  readonly description?: string
  readonly procedure?: string
  readonly provider?: string
  readonly pick?: string
  readonly specialty?: string
  readonly date?: string
  readonly time?: string
  readonly qualification?: string
  readonly comment?: string
  readonly amount?: string
}

/**
 * Who may be sent to the case, ranked as the web's picker shows them (fewest open cases, then the
 * best rated); what stops the search is said as the web says it.
 */
export const rankedCandidates = async (call: Call, view: CaseView): Promise<ReadonlyArray<Candidate>> => {
  const kind = assignmentKindFor(view.procedure_code)
  const assistanceId = view.assistance?.id ?? ""
  const districtId = view.event?.district_id ?? null
  const missing = candidatesMissing(kind, assistanceId, districtId)
  if (missing !== null) throw new CliError(missing, ExitCode.failure)
  const found = await loadCandidates(call, candidatesParam(kind, assistanceId, districtId))
  if (found.length > 0) return found
  // Nobody to send: the same advice as the web's, which counts the partners a procedure change would reach.
  const partners = kind === "specialist" ? (await loadCandidates(call, candidatesParam("alliance", assistanceId, null))).length : null
  throw new CliError(assignmentBlock(kind, found, partners) ?? "", ExitCode.failure)
}

/** The candidate named by --provider (id, RUT or name) or chosen by --pick (its place in the ranking). */
const chosenCandidate = (list: ReadonlyArray<Candidate>, options: StepOptions): Candidate => {
  if (options.pick !== undefined) {
    const place = positiveFlag(options.pick, "--pick", 1)
    const found = list[place - 1]
    if (found === undefined) throw usageError(`--pick ${place}: hay ${list.length} candidato(s). Véalos con «palma case <numero> candidates».`)
    return found
  }
  const wanted = options.provider ?? ""
  const rut = Rut.normalize(wanted)
  const found = list.find((c) => c.id === wanted || (rut !== undefined && Rut.normalize(c.rut) === rut) || foldName(c.name) === foldName(wanted))
  if (found === undefined) throw usageError(`«${wanted}» no está entre los candidatos del caso. Véalos con «palma case <numero> candidates».`)
  return found
}

/** The specialty the provider works under: the one named, else their only one for the service (as the web), else none. */
const chosenSpecialty = async (call: Call, view: CaseView, provider: Candidate, wanted: string | undefined): Promise<Picked | null> => {
  const kind = assignmentKindFor(view.procedure_code)
  const found = await loadCandidateSpecialties(call, candidateSpecialtiesParam(kind, provider.id, view.assistance?.id ?? ""))
  const specialties = found.map((s) => ({ id: s.specialty_id, name: s.specialty_name }))
  if (wanted !== undefined) return namedRecord(wanted, specialties, "Especialidad desconocida", "--specialty")
  return specialties.length === 1 ? specialties[0]! : null
}

const visit = (options: StepOptions) => {
  if (options.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.date)) throw usageError(`Fecha inválida en --date: «${options.date}». Use AAAA-MM-DD.`)
  if (options.time !== undefined && !/^\d{2}:\d{2}$/.test(options.time)) throw usageError(`Hora inválida en --time: «${options.time}». Use HH:MM.`)
  return { scheduled_date: options.date ?? "", scheduled_time: options.time ?? "" }
}

const amount = (typed: string | undefined, flag: string): string => {
  if (typed === undefined) return ""
  if (pesosOf(typed) === null) throw usageError(`Monto inválido en ${flag}: «${typed}». Escriba pesos sin decimales, p. ej. 45000 o 45.000.`)
  return typed
}

/**
 * What a step's flags enter, as the web's dialog would hold it (core's StepFields), with the
 * records they name looked up as the dialog lists them; the step itself is built and checked by
 * core's `stepInputOf`, as on the web.
 */
export const stepFieldsOf = async (call: Call, view: CaseView, step: CaseStep, options: StepOptions): Promise<StepFields> => {
  switch (step) {
    case "close":
    case "reopen":
      return { ...blankStepFields, note: options.description ?? "" }
    case "chooseProcedure": {
      const active = (await call((c) => c.procedure.list({ urlParams: {} }))).filter((p) => p.isActive)
      const { id, name, code } = namedRecord(options.procedure ?? "", active, UNKNOWN_PROCEDURE, "--procedure")
      return { ...blankStepFields, procedure: { id, name, code } }
    }
    case "assignProvider": {
      if (options.provider === undefined && options.pick === undefined) throw usageError("Indique a quién enviar con --provider <rut|id|nombre> o --pick <n>.")
      const provider = chosenCandidate(await rankedCandidates(call, view), options)
      const specialty = await chosenSpecialty(call, view, provider, options.specialty)
      return { ...blankStepFields, provider: { id: provider.id, name: provider.name }, specialty, ...visit(options) }
    }
    case "schedule":
      return { ...blankStepFields, ...visit(options) }
    case "qualify": {
      const active = (await call((c) => c.qualification.list({ urlParams: {} }))).filter((q) => q.isActive)
      const { id, name } = namedRecord(options.qualification ?? "", active, UNKNOWN_QUALIFICATION, "--qualification")
      return { ...blankStepFields, qualification: { id, name }, comment: options.comment ?? "" }
    }
    case "requestRefund":
      return { ...blankStepFields, amount: amount(options.amount, "--amount"), comment: options.comment ?? "" }
    case "payRefund":
      return { ...blankStepFields, amount: amount(options.amount, "--amount") }
    default:
      return blankStepFields
  }
}
