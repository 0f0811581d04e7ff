import { applyChange, type CaseAssignment, type CaseChange, type CaseFacts, changesBetween, emptyCase, stageOf } from "@palma/core/domain"
import { prng } from "./prng.js"

/** A subscription a demo case can be opened under, with who it covers. */
export interface CaseLead {
  readonly id: string
  readonly customer_id: string
  readonly retail_id: string
  readonly product_id: string
  readonly productPlan_id: string
  readonly start: string
  readonly end: string
  readonly insured: ReadonlyArray<{ readonly id: string; readonly beneficiaries: ReadonlyArray<string> }>
}

export interface CaseAssistance {
  readonly id: string
  readonly values: ReadonlyArray<{ readonly id: string; readonly type: string }>
  readonly documents: ReadonlyArray<string>
  readonly specialties: ReadonlyArray<string>
}

export interface Provider {
  readonly id: string
  readonly specialties: ReadonlyArray<string>
}

export interface CaseGeneratorInput {
  readonly today: string
  /** Events later than this instant are not generated: a demo case's clock stops at the first start. */
  readonly now: Date
  readonly seed: number
  readonly count: number
  readonly leads: ReadonlyArray<CaseLead>
  readonly assistances: Readonly<Record<string, ReadonlyArray<CaseAssistance>>>
  readonly specialists: ReadonlyArray<Provider>
  readonly partners: ReadonlyArray<Provider>
  readonly procedures: Readonly<Record<string, string>>
  readonly qualifications: ReadonlyArray<string>
  /** Comunas (CUT code and name) where events happen: those specialists serve, so cases have candidates. */
  readonly comunas: ReadonlyArray<{ readonly id: string; readonly name: string }>
  readonly operators: ReadonlyArray<string>
  readonly moderators: ReadonlyArray<string>
}

export interface StampedChange {
  readonly change: CaseChange
  readonly user_id: string
  readonly at: Date
}

export interface GeneratedCase {
  readonly id: string
  readonly createdAt: Date
  readonly createdBy: string
  readonly events: ReadonlyArray<StampedChange>
  readonly facts: CaseFacts
  readonly chats: ReadonlyArray<{ readonly user_id: string; readonly type: string; readonly message: string; readonly at: Date; readonly stage: string }>
}

const incidents = [
  "Filtración de agua bajo el lavaplatos",
  "Cerradura de la puerta principal trabada",
  "Corte de luz en la cocina",
  "Vidrio del living quebrado",
  "Calefón no enciende",
  "Mascota con vómitos desde la mañana",
  "Consulta médica por fiebre alta",
  "Rueda pinchada en la autopista",
  "Caída en bicicleta con golpe en la rodilla",
  "Atención dental de urgencia"
]
const closings = [
  "Servicio realizado y conforme",
  "Reembolso pagado al titular",
  "El titular desistió de la asistencia",
  "Resuelto por teléfono",
  "Descuento aplicado en la clínica"
]
const chatLines = [
  "Llamé al titular para confirmar la dirección",
  "El especialista va en camino",
  "Falta la boleta para el reembolso",
  "El titular envió las fotos del daño",
  "Coordinado para mañana en la mañana"
]
const rejected = ["La boleta no corresponde al evento", "Fuera de cobertura del plan"]

const day = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/**
 * Demo cases over the last 18 months, each built the way a user builds one: a sequence of case
 * states diffed into events (`changesBetween`) and folded (`applyChange`), stamped with who and
 * when. Deterministic for a seed and a day. Outcomes: closed and open, refunds in every status,
 * assignments confirmed, completed, qualified and cancelled, IMED discounts and chats.
 */
export const generateCases = (input: CaseGeneratorInput): ReadonlyArray<GeneratedCase> => {
  const random = prng(input.seed)
  const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(random() * items.length)]!
  const chance = (p: number) => random() < p
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16))
    hex[12] = "4"
    hex[16] = (8 + Math.floor(random() * 4)).toString(16)
    const h = hex.join("")
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
  }
  const operator = () => pick(input.operators)
  const moderator = () => pick(input.moderators)
  const usable = input.leads.filter((l) => l.insured.length > 0 && (input.assistances[l.product_id]?.length ?? 0) > 0)
  if (usable.length === 0 || input.operators.length === 0) return []

  const opened = Array.from({ length: input.count }, () => day(input.today, -Math.floor(Math.pow(random(), 1.2) * 540))).sort()
  const cases: Array<GeneratedCase> = []
  for (const openedOn of opened) {
    const covering = usable.filter((l) => l.start <= openedOn && openedOn <= l.end)
    if (covering.length === 0) continue
    const lead = pick(covering)
    const insured = pick(lead.insured)
    const beneficiary = insured.beneficiaries.length > 0 && chance(0.2) ? pick(insured.beneficiaries) : null
    const assistance = pick(input.assistances[lead.product_id]!)
    const createdBy = operator()
    let clock = Date.parse(`${openedOn}T${String(between(11, 23)).padStart(2, "0")}:${String(between(0, 59)).padStart(2, "0")}:00Z`)
    const later = (minMinutes: number, maxMinutes: number) => (clock += between(minMinutes, maxMinutes) * 60_000)
    const events: Array<StampedChange> = []
    let facts = applyChange(emptyCase(0), { type: "opened", payload: { number: 0, type: beneficiary === null ? "I" : "B" } })
    events.push({ change: { type: "opened", payload: { number: 0, type: facts.parties.type } }, user_id: createdBy, at: new Date(clock) })
    const step = (user: string, next: (f: CaseFacts) => CaseFacts, after: readonly [number, number] = [2, 30]) => {
      later(after[0], after[1])
      const changes = changesBetween(facts, next(facts))
      for (const change of changes) events.push({ change, user_id: user, at: new Date(clock) })
      facts = changes.reduce(applyChange, facts)
    }
    // Taken in turn, not drawn: the random sequence, and so every other demo choice, stays as it was.
    const comuna = input.comunas.length === 0 ? null : input.comunas[cases.length % input.comunas.length]!
    const earliest = day(openedOn, -between(0, 3))
    const eventDate = earliest < lead.start ? lead.start : earliest
    // Opened with its parties, plan and event at the same instant, as the creation flow sends them in
    // one document: a case cut at the seed's `now` is never left without its applicant.
    step(
      createdBy,
      (f) => ({
        ...f,
        parties: { type: f.parties.type, customer_id: lead.customer_id, retail_id: lead.retail_id, insured_id: insured.id, beneficiary_id: beneficiary },
        service: { lead_id: lead.id, product_id: lead.product_id, productPlan_id: lead.productPlan_id, assistance_id: assistance.id },
        coverageException: chance(0.02) ? "Autorizado por supervisión: cliente preferente" : null,
        values: assistance.values.map((v) => ({
          id: v.id,
          value: v.type === "D" ? eventDate : v.type === "N" ? String(between(1, 20)) : pick(["Sí", "No", "Según lo indicado por el titular"])
        })),
        event: { date: eventDate, district_id: comuna?.id ?? null, location: comuna?.name ?? "", description: pick(incidents) }
      }),
      [0, 0]
    )
    if (assistance.documents.length > 0 && chance(0.4))
      step(createdBy, (f) => ({ ...f, files: [{ document_id: pick(assistance.documents), file_tag: "respaldo.pdf" }] }), [10, 600])

    const age = (Date.parse(`${input.today}T00:00:00Z`) - Date.parse(`${openedOn}T00:00:00Z`)) / 86_400_000
    const closes = chance(age > 30 ? 0.85 : age > 3 ? 0.45 : 0.1)
    const procedure = pick(["specialist", "specialist", "specialist", "alliance", "refund", "refund", "imed"] as const)
    const procedureId = input.procedures[procedure]
    let closing = pick(closings)
    if (procedureId !== undefined) {
      step(createdBy, (f) => ({ ...f, procedure: { id: procedureId, code: procedure } }))
      if (procedure === "specialist" || procedure === "alliance") {
        const pool = procedure === "specialist" ? input.specialists : input.partners
        const able = pool.filter((p) => p.specialties.some((s) => assistance.specialties.includes(s)))
        const candidates = able.length > 0 ? able : pool
        if (candidates.length > 0) {
          const assign = (provider: Provider): CaseAssignment => ({
            provider_id: provider.id,
            specialty_id: provider.specialties.find((s) => assistance.specialties.includes(s)) ?? null,
            district_id: procedure === "specialist" ? (comuna?.id ?? null) : null,
            scheduled_date: day(openedOn, between(0, 2)),
            scheduled_time: pick(["09:00", "11:30", "15:00", "17:30"]),
            confirmed: false,
            completed: false,
            cancel: false,
            qualification_id: null,
            comment: ""
          })
          step(createdBy, (f) => ({ ...f, [procedure]: assign(pick(candidates)) }))
          if (chance(0.12)) {
            step(operator(), (f) => ({ ...f, [procedure]: { ...f[procedure]!, cancel: true } }), [30, 240])
            if (chance(0.6)) step(operator(), (f) => ({ ...f, [procedure]: assign(pick(candidates)) }), [5, 60])
            else closing = "El titular desistió de la asistencia"
          }
          if (!facts[procedure]!.cancel && chance(0.9)) step(operator(), (f) => ({ ...f, [procedure]: { ...f[procedure]!, confirmed: true } }), [10, 180])
          if (closes && facts[procedure]!.confirmed) {
            step(operator(), (f) => ({ ...f, [procedure]: { ...f[procedure]!, completed: true } }), [600, 2880])
            if (chance(0.7) && input.qualifications.length > 0) {
              step(operator(), (f) => ({
                ...f,
                [procedure]: {
                  ...f[procedure]!,
                  qualification_id: pick(input.qualifications),
                  comment: pick(["Muy puntual", "Buen trabajo", "Llegó tarde", ""])
                }
              }))
            }
          }
        }
      } else {
        const amount = Math.round(between(10_000, 250_000) / 100) * 100
        const none = { required: null, refunded: null }
        step(createdBy, (f) => ({
          ...f,
          refund: {
            amount: procedure === "refund" ? { required: amount, refunded: null } : none,
            imed: procedure === "imed" ? { required: Math.round(amount / 3 / 100) * 100, refunded: null } : none,
            status: "Pendiente",
            comment: ""
          }
        }))
        const outcome = age < 5 ? "Pendiente" : pick(["Reembolsado", "Reembolsado", "Reembolsado", "Aprobado", "Rechazado", "Pendiente"] as const)
        if (outcome !== "Pendiente") {
          const decided = outcome === "Rechazado" ? "Rechazado" : "Aprobado"
          step(moderator(), (f) => ({ ...f, refund: { ...f.refund!, status: decided, comment: decided === "Rechazado" ? pick(rejected) : "" } }), [120, 2880])
          if (decided === "Rechazado") closing = "Reembolso rechazado y comunicado al titular"
        }
        if (outcome === "Reembolsado") {
          step(
            moderator(),
            (f) => ({
              ...f,
              refund: {
                ...f.refund!,
                status: "Reembolsado",
                amount: { ...f.refund!.amount, refunded: f.refund!.amount.required },
                imed: { ...f.refund!.imed, refunded: f.refund!.imed.required }
              }
            }),
            [1440, 7200]
          )
        }
      }
    }
    const chats = Array.from({ length: between(0, 3) }, () => {
      const at = new Date(later(5, 240))
      const user = chance(0.7) ? operator() : moderator()
      return { user_id: user, type: input.moderators.includes(user) ? "Moderador" : "Operador", message: pick(chatLines), at, stage: stageOf(facts) }
    })
    if (closes && (facts.refund === null || facts.refund.status !== "Pendiente"))
      step(operator(), (f) => ({ ...f, status: { isClosed: true, description: closing } }), [30, 1440])
    const now = input.now.getTime()
    const kept = events.filter((e) => e.at.getTime() <= now)
    if (kept.length === 0) continue
    cases.push({
      id: uuid(),
      createdAt: kept[0]!.at,
      createdBy,
      events: kept,
      facts: kept.map((e) => e.change).reduce(applyChange, emptyCase(0)),
      chats: chats.filter((c) => c.at.getTime() <= now)
    })
  }
  return cases
}
