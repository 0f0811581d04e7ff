import {
  type Call,
  type CaseDraftContext,
  chileDateOf,
  formatDate,
  IsoDate,
  Rut,
  INVALID_ISO_DATE,
  PROCEDURE_UNDECIDED,
  heldProductLabel,
  offeredAssistanceLabel
} from "@palma/core"
import { Schema } from "effect"
import { CliError, ExitCode, fromApiFailure } from "../errors.js"
import type { Io } from "../io.js"
import { agree, ask, find, pick } from "../prompt.js"
import { type DraftAnswers, newcomerDetails, newcomerPlans } from "./caseDraftDriver.js"

const isIsoDate = Schema.is(IsoDate)

/** The event's day: a real date, not after today (a case is opened for what already happened). */
const eventDay = (today: string) => (value: string) =>
  !isIsoDate(value) ? INVALID_ISO_DATE : value > today ? `La fecha del evento no puede ser posterior a hoy (${formatDate(today)})` : true

const notOpened = (why: string) => new CliError(`Caso no abierto: ${why}.`, ExitCode.failure)

/** Lines of the review, as the screen's «Revisión» step shows them. */
const review = (draft: CaseDraftContext, names: { readonly plan: string; readonly comuna: string; readonly procedure: string }) => {
  const who = draft.newcomer !== null ? "nuevo, sin póliza" : draft.applicant?.type === "B" ? "carga" : "titular"
  return [
    "Revisión del caso",
    `  Solicitante: ${Rut.format(draft.rut)} (${who})`,
    `  Producto: ${draft.product?.name ?? names.plan}`,
    `  Servicio: ${draft.services?.assistance?.name ?? ""}`,
    ...(draft.exception === null ? [] : [`  Excepción de cobertura: ${draft.exception}`]),
    `  Evento: ${formatDate(draft.event.date)}, ${names.comuna} — ${draft.event.description}`,
    `  Procedimiento: ${names.procedure}`
  ]
}

/**
 * The answers of the person at the terminal, asked on stderr one step at a time. A refused call
 * is told and its step asked again; declining (no reason for a coverage exception, no at the
 * review) stops without opening the case, and Ctrl+C is the usual cancel (exit 130).
 */
export const promptedAnswers = (io: Io, call: Call): DraftAnswers => {
  const say = (...lines: ReadonlyArray<string>) => void io.stderr.write(lines.map((line) => `${line}\n`).join(""))
  // Names of what was chosen by id, for the review.
  const names = { plan: "", comuna: "", procedure: "sin definir" }
  return {
    refused: (failure) => {
      // Asking again cannot help a session that expired or a role that may not open cases.
      if (failure.status === 401 || failure.status === 403) throw fromApiFailure(failure)
      say(`No se pudo continuar: ${failure.message}`)
    },
    applicant: async (day) => {
      // Checked as typed, so a mistyped RUT is fixed before the date is asked.
      const rut = await ask(io, "RUT del solicitante (titular o carga):", { required: true, validate: (value) => Rut.isValid(value) || Rut.invalidMessage })
      const date = await ask(io, "Fecha del evento (AAAA-MM-DD):", { default: day, validate: eventDay(chileDateOf(new Date())) })
      return { rut, date }
    },
    newcomer: async (rut, date) => {
      say(`Nadie con el RUT ${Rut.format(rut)} tiene una póliza vigente el ${formatDate(date)}.`)
      const choice = await pick(io, "¿Qué desea hacer?", [
        { name: "Registrar a la persona con el plan que toma", value: "register" },
        { name: "Buscar otro RUT", value: "anotherRut" },
        { name: "Salir sin abrir el caso", value: "quit" }
      ] as const)
      if (choice === "quit") throw notOpened("nadie lo cubre")
      if (choice === "anotherRut") return choice
      const person = newcomerDetails({
        name: await ask(io, "Nombre:", { required: true }),
        paternalLastName: await ask(io, "Apellido paterno:", { required: true }),
        maternalLastName: await ask(io, "Apellido materno (opcional):"),
        email: await ask(io, "Correo (opcional):"),
        phone: await ask(io, "Teléfono (opcional):")
      })
      const plans = await newcomerPlans(call)
      const chosen = await find(
        io,
        "Plan que toma (Canal · Producto; escriba para buscar):",
        plans.map((p) => ({ name: p.name, value: p }))
      )
      names.plan = chosen.name
      return { person, plan: chosen.plan }
    },
    product: async (applicant) => {
      const person = applicant.beneficiary ?? applicant.insured
      say(`${applicant.type === "B" ? "Carga" : "Titular"}: ${person.name} ${person.paternalLastName} · Cliente ${applicant.customer.name}`)
      const [only] = applicant.products
      if (applicant.products.length === 1 && only !== undefined) return only
      return pick(
        io,
        "Producto de la póliza:",
        applicant.products.map((p) => ({
          name: heldProductLabel(p),
          value: p
        }))
      )
    },
    assistance: (offered) =>
      pick(
        io,
        "Servicio:",
        offered.map((a) => ({ name: offeredAssistanceLabel(a), value: a }))
      ),
    coverage: async (problems) => {
      if (problems.length === 0) {
        say("Con cobertura: el servicio está cubierto para la fecha del evento.")
        return null
      }
      say("Sin cobertura:", ...problems.map((p) => `  - ${p.message}`))
      const reason = await ask(io, "Motivo de la excepción (en blanco: no se abre):")
      if (reason === "") throw notOpened("sin cobertura y sin motivo de excepción")
      return reason
    },
    values: async (asked) => {
      const values: Record<string, string> = {}
      for (const value of asked) values[value.id] = await ask(io, `Valor «${value.name}» (puede quedar en blanco):`)
      return values
    },
    event: async () => {
      const districts = await call((c) => c.district.listAll())
      // Required, as on the screen: the comuna is what lists the specialists who can go.
      const comuna = await find(
        io,
        "Comuna del evento (escriba para buscar):",
        districts.map((d) => ({ name: `${d.district_name} (${d.region_name})`, value: d }))
      )
      names.comuna = comuna.district_name
      const description = await ask(io, "Qué pasó:", { required: true })
      // The comuna's CUT code: the server stores it and answers the comuna's name.
      return { location: comuna.id, description }
    },
    procedure: async () => {
      const procedures = (await call((c) => c.procedure.list({ urlParams: {} }))).filter((p) => p.isActive)
      const chosen = await pick(io, "Cómo se resolverá (procedimiento):", [
        { name: PROCEDURE_UNDECIDED, value: null },
        ...procedures.map((p) => ({ name: p.name, value: p }))
      ])
      names.procedure = chosen?.name ?? "sin definir"
      return chosen?.id ?? null
    },
    confirm: async (draft) => {
      say(...review(draft, names))
      return agree(io, "¿Abrir el caso?")
    }
  }
}
