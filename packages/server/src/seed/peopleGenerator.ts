import { Rut } from "@palma/core/domain"
import { chileanSurnames } from "./chileanSurnames.js"
import { prng } from "./prng.js"

/**
 * A deterministic population of customers, titulares, cargas, subscriptions and payments over the
 * plans given: the same inputs give the same people (the demo data, and the bench's 100k insured).
 * Rows are shaped as the tables' columns, for multi-row inserts.
 */

export interface GeneratorPlan {
  readonly id: string
  readonly currency: "P" | "U"
  readonly term: number
  /** The most cargas a titular may bring. */
  readonly beneficiaries: number
  readonly customerPrice: string
  readonly companyPrice: string
}

export interface GeneratorInput {
  readonly plans: ReadonlyArray<GeneratorPlan>
  /** CUT codes of the comunas to live in. */
  readonly districts: ReadonlyArray<string>
  readonly relationships: ReadonlyArray<string>
  /** Policies are dated around this day ("YYYY-MM-DD"). */
  readonly today: string
  readonly customers: number
  /** One customer in this many is a company, with several titulares. */
  readonly companyEvery: number
  readonly seed: number
}

const womenNames = [
  "María",
  "Francisca",
  "Camila",
  "Javiera",
  "Constanza",
  "Catalina",
  "Valentina",
  "Fernanda",
  "Daniela",
  "Carolina",
  "Sofía",
  "Isidora",
  "Antonia",
  "Martina",
  "Florencia",
  "Agustina",
  "Ignacia",
  "Josefa",
  "Paula",
  "Andrea",
  "Claudia",
  "Patricia",
  "Verónica",
  "Ximena",
  "Marcela",
  "Alejandra",
  "Pía",
  "Trinidad",
  "Emilia",
  "Ángela"
]
const menNames = [
  "José",
  "Juan",
  "Luis",
  "Carlos",
  "Jorge",
  "Pedro",
  "Diego",
  "Matías",
  "Benjamín",
  "Vicente",
  "Tomás",
  "Joaquín",
  "Sebastián",
  "Nicolás",
  "Felipe",
  "Cristóbal",
  "Ignacio",
  "Francisco",
  "Rodrigo",
  "Andrés",
  "Gonzalo",
  "Héctor",
  "Raúl",
  "Sergio",
  "Víctor",
  "Manuel",
  "Ramón",
  "Agustín",
  "Maximiliano",
  "Lucas",
  "Martín"
]
const firstNames = [...womenNames, ...menNames]
const surnames = chileanSurnames
const streets = [
  "Av. Libertador Bernardo O'Higgins",
  "Av. Providencia",
  "Av. Apoquindo",
  "Av. Vicuña Mackenna",
  "Av. Grecia",
  "Av. Irarrázaval",
  "Los Aromos",
  "Las Acacias",
  "Los Boldos",
  "Pasaje Los Copihues",
  "Av. Pajaritos",
  "Av. La Florida",
  "San Martín",
  "Arturo Prat",
  "Manuel Rodríguez",
  "Av. Matta",
  "Av. Independencia",
  "Av. Recoleta",
  "Los Carrera",
  "Colón",
  "Freire",
  "Baquedano",
  "Maipú"
]
const companyWords = ["Comercial", "Constructora", "Inversiones", "Transportes", "Servicios", "Distribuidora", "Agrícola", "Inmobiliaria"]
const companyNames = ["Los Andes", "del Pacífico", "Austral", "Cordillera", "Valle Central", "Maipo", "Biobío", "Atacama", "Araucanía", "Aconcagua"]
const companySuffixes = ["SpA", "Ltda.", "S.A."]
const lines = ["Comercio al por menor", "Construcción", "Transporte de carga", "Servicios profesionales", "Agricultura", "Arriendo de inmuebles"]

const iso = (d: Date) => d.toISOString().slice(0, 10)
const addDays = (day: string, days: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000))
const addMonths = (day: string, months: number) => {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCMonth(d.getUTCMonth() + months)
  return iso(d)
}
const monthsBetween = (from: string, to: string) => {
  const [fy, fm] = from.split("-").map(Number) as [number, number]
  const [ty, tm] = to.split("-").map(Number) as [number, number]
  return (ty - fy) * 12 + (tm - fm)
}

export const generatePeople = (input: GeneratorInput) => {
  const random = prng(input.seed)
  const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(random() * items.length)]!
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16))
    hex[12] = "4"
    hex[16] = ((Math.floor(random() * 4) + 8) as number).toString(16)
    const h = hex.join("")
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
  }
  // RUT bodies rise by a random step, so each list is unique without a set; the steps spread the
  // people over about ten million numbers, as real RUTs of adults are.
  const step = Math.max(2, Math.floor(10_000_000 / (input.customers * 2)))
  const ruts = (start: number) => {
    let body = start
    return () => {
      body += between(1, step)
      return `${body}-${Rut.checkDigit(String(body))}`
    }
  }
  const personRut = ruts(5_000_000)
  const companyRut = ruts(76_000_000)
  const childRut = ruts(19_000_000)
  // Most people live in the Santiago metropolitan region, as most customers do.
  const santiago = input.districts.filter((d) => d.startsWith("13"))
  const district = () => (santiago.length > 0 && random() < 0.6 ? pick(santiago) : pick(input.districts))
  const email = (name: string, surname: string, n: number) =>
    `${name}.${surname}${n}@correo.cl`
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
  const phone = () => `+56 9 ${between(1000, 9999)} ${between(1000, 9999)}`
  const address = () => `${pick(streets)} ${between(10, 9999)}`

  const person = (rut: string, birthFrom: number, birthTo: number) => {
    const names = random() < 0.5 ? womenNames : menNames
    const name = random() < 0.3 ? `${pick(names)} ${pick(names)}` : pick(names)
    const paternal = pick(surnames)
    return {
      id: uuid(),
      rut,
      name,
      paternal_last_name: paternal,
      maternal_last_name: pick(surnames),
      birth_date: `${between(birthFrom, birthTo)}-${String(between(1, 12)).padStart(2, "0")}-${String(between(1, 28)).padStart(2, "0")}`,
      address: address(),
      district_id: district(),
      email: email(name.split(" ")[0]!, paternal, between(1, 99)),
      phone: phone()
    }
  }

  const customers: Array<Record<string, unknown>> = []
  const insured: Array<ReturnType<typeof person>> = []
  const beneficiaries: Array<ReturnType<typeof person> & { relationship_id: string | null }> = []
  const leads: Array<Record<string, unknown>> = []
  const leadInsured: Array<Record<string, unknown>> = []
  const leadBeneficiaries: Array<Record<string, unknown>> = []
  const payments: Array<Record<string, unknown>> = []
  const thisYear = Number(input.today.slice(0, 4))

  const cargasOf = (leadId: string, insuredId: string, plan: GeneratorPlan, created: string) => {
    if (plan.beneficiaries === 0 || random() < 0.55) return
    for (let k = between(1, Math.min(3, plan.beneficiaries)); k > 0; k--) {
      const carga = { ...person(childRut(), thisYear - 70, thisYear - 1), relationship_id: input.relationships.length > 0 ? pick(input.relationships) : null }
      beneficiaries.push(carga)
      leadBeneficiaries.push({ lead_id: leadId, insured_id: insuredId, beneficiary_id: carga.id, created_at: created })
    }
  }

  const subscribe = (customerId: string, company: boolean, titulares: ReadonlyArray<ReturnType<typeof person>>) => {
    const plan = pick(input.plans)
    // Policies started up to two years ago: most in force, some ended.
    const start = addDays(input.today, -between(0, 2 * 365))
    const end = addDays(addMonths(start, plan.term), -1)
    const created = addDays(start, -between(0, 20))
    const leadId = uuid()
    leads.push({ id: leadId, customer_id: customerId, product_plan_id: plan.id, start_date: start, end_date: end, created_at: created })
    for (const titular of titulares) {
      leadInsured.push({ lead_id: leadId, insured_id: titular.id, created_at: created })
      cargasOf(leadId, titular.id, plan, created)
    }
    // Dues due to date, mostly paid in blocks; one in five owes some.
    const due = Math.max(0, monthsBetween(start, end < input.today ? end : input.today) + 1)
    const owed = random() < 0.2 ? Math.min(due, between(1, 3)) : 0
    const fee = Number(company ? plan.companyPrice : plan.customerPrice) * (company ? titulares.length : 1)
    for (let paid = 0, month = 0; paid < due - owed; month += 3) {
      const dues = Math.min(3, due - owed - paid)
      const amount = fee * dues
      payments.push({
        id: uuid(),
        lead_id: leadId,
        paid_on: addMonths(start, month),
        amount: plan.currency === "P" ? String(Math.round(amount)) : amount.toFixed(2),
        dues
      })
      paid += dues
    }
  }

  for (let n = 0; n < input.customers; n++) {
    if (n % input.companyEvery === input.companyEvery - 1) {
      const id = uuid()
      const name = `${pick(companyWords)} ${pick(companyNames)} ${pick(companySuffixes)}`
      customers.push({
        id,
        type: "C",
        rut: companyRut(),
        name,
        paternal_last_name: "",
        maternal_last_name: "",
        birth_date: null,
        legal_representative: `${pick(firstNames)} ${pick(surnames)} ${pick(surnames)}`,
        line: pick(lines),
        address: address(),
        district_id: district(),
        email: `contacto${n}@${name
          .split(" ")[1]!
          .normalize("NFD")
          .replace(/[\u0300-\u036f]/g, "")
          .toLowerCase()}.cl`,
        phone: phone()
      })
      const staff = Array.from({ length: between(3, 12) }, () => person(personRut(), thisYear - 65, thisYear - 20))
      insured.push(...staff)
      subscribe(id, true, staff)
    } else {
      const self = person(personRut(), thisYear - 80, thisYear - 20)
      const { id: _, ...fields } = self
      const id = uuid()
      customers.push({ id, type: "P", legal_representative: "", line: "", ...fields })
      insured.push(self)
      subscribe(id, false, [self])
      // Some have a second product.
      if (random() < 0.08) subscribe(id, false, [self])
    }
  }
  return { customers, insured, beneficiaries, leads, leadInsured, leadBeneficiaries, payments }
}
export type GeneratedPeople = ReturnType<typeof generatePeople>
