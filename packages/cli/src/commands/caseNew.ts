import { readFile } from "node:fs/promises"
import { Either, Schema } from "effect"
import { createActor, type SnapshotFrom, waitFor } from "xstate"
import { type CaseDraftContext, caseDraftActors, caseDraftMachine, chileDateOf, coverageProblemsOf, IsoDate } from "@palma/core"
import { CliError, ExitCode, fromApiFailure, usageError } from "../errors.js"
import type { Io } from "../io.js"
import { foldName } from "../validate.js"
import { renderJson } from "../output/json.js"
import { type GlobalOptions, openSession } from "../session.js"

type DraftState = Parameters<SnapshotFrom<typeof caseDraftMachine>["matches"]>[0]

/** What a script gives `palma case new --from`: the same answers an operator gives the screen. */
const CaseFile = Schema.Struct({
  rut: Schema.String,
  date: Schema.optional(IsoDate),
  product: Schema.optional(Schema.String),
  assistance: Schema.String,
  values: Schema.optionalWith(Schema.Record({ key: Schema.String, value: Schema.String }), { default: () => ({}) }),
  event: Schema.Struct({ location: Schema.optionalWith(Schema.String, { default: () => "" }), description: Schema.String }),
  procedure: Schema.optional(Schema.String),
  coverageException: Schema.optional(Schema.String),
  // A person nobody covers (a type-C case): who they are and the plan they take, "Canal · Producto" or its id.
  newcomer: Schema.optional(
    Schema.Struct({
      name: Schema.String,
      paternalLastName: Schema.String,
      maternalLastName: Schema.optionalWith(Schema.String, { default: () => "" }),
      email: Schema.optional(Schema.String),
      phone: Schema.optional(Schema.String),
      plan: Schema.String
    })
  )
})
type CaseFile = typeof CaseFile.Type

/** One option named by id or name (tildes and case ignored), or a usage error listing them. */
const choose = <A extends { readonly id: string; readonly name: string }>(wanted: string | undefined, options: ReadonlyArray<A>, what: string): A => {
  const found =
    wanted === undefined ? (options.length === 1 ? options[0] : undefined) : options.find((o) => o.id === wanted || foldName(o.name) === foldName(wanted))
  if (found !== undefined) return found
  const known = options.map((o) => o.name).join(", ") || "(ninguno)"
  throw usageError(wanted === undefined ? `Indique ${what}: ${known}.` : `${what} «${wanted}» no encontrado. Use uno de: ${known}.`)
}

const readCaseFile = async (path: string): Promise<CaseFile> => {
  const text = await readFile(path, "utf8").catch(() => {
    throw usageError(`No se pudo leer ${path}.`)
  })
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw usageError(`${path} no es JSON válido.`)
  }
  return Either.getOrThrowWith(Schema.decodeUnknownEither(CaseFile)(json), () =>
    usageError(
      `${path} no tiene la forma esperada: rut, assistance y event.description son obligatorios (y opcionales date, product, values, event.location, procedure, coverageException, newcomer).`
    )
  )
}

/**
 * `palma case new --from case.json`: opens a case driving the same caseDraft machine as the
 * screen, with the same coverage check (a problem stops it unless the file gives a reason).
 */
export const newCase = async (io: Io, from: string | undefined, options: { readonly json?: boolean }, globals: GlobalOptions) => {
  if (from === undefined)
    throw usageError("Indique el caso en un archivo: palma case new --from caso.json (las preguntas en la terminal aún no están disponibles).")
  const file = await readCaseFile(from)
  const { call } = await openSession(globals, io)
  const actor = createActor(caseDraftMachine.provide({ actors: caseDraftActors(call) }), { input: { today: file.date ?? chileDateOf(new Date()) } }).start()
  const settled = (...states: ReadonlyArray<DraftState>) => waitFor(actor, (s) => states.some((state) => s.matches(state)) || s.context.failure !== null)
  const failIfRefused = (context: CaseDraftContext) => {
    if (context.failure !== null) throw fromApiFailure(context.failure)
  }

  actor.send({ type: "LOOKUP", rut: file.rut, date: file.date ?? actor.getSnapshot().context.eventDate })
  let snap = await settled("product", "unknown")
  failIfRefused(snap.context)
  if (snap.matches("unknown")) {
    const newcomer = file.newcomer
    if (newcomer === undefined)
      throw new CliError(
        `Nadie con el RUT ${file.rut} tiene una póliza vigente ese día: para abrirle un caso, regístrelo en newcomer (nombre, apellidos y el plan que toma).`,
        ExitCode.failure
      )
    const retails = await call((c) => c.retail.getProductsAndRetail())
    const plans = retails.flatMap((r) => r.products.map((p) => ({ id: p.productplan_id, name: `${r.name} · ${p.name}`, retail_id: r.id, product_id: p.id })))
    const plan = choose(newcomer.plan, plans, "el plan")
    const blankAsNull = (text: string | undefined) => (text === undefined || text.trim() === "" ? null : text.trim())
    actor.send({
      type: "REGISTER",
      person: {
        name: newcomer.name,
        paternalLastName: newcomer.paternalLastName,
        maternalLastName: newcomer.maternalLastName,
        address: "",
        district: null,
        email: blankAsNull(newcomer.email),
        phone: blankAsNull(newcomer.phone),
        birthDate: null
      },
      plan: { retail_id: plan.retail_id, product_id: plan.product_id, productPlan_id: plan.id }
    })
  } else {
    const held = snap.context.applicant!.products.map((p) => ({ ...p, id: p.lead_id, name: `${p.name} (póliza ${p.policy.number})` }))
    const product = choose(file.product, held, "el producto")
    actor.send({ type: "PICK_PRODUCT", lead_id: product.lead_id })
  }
  snap = await settled("assistance")
  failIfRefused(snap.context)
  actor.send({ type: "PICK_ASSISTANCE", assistance_id: choose(file.assistance, snap.context.services!.assistances, "el servicio").id })
  snap = await settled("coverage")
  failIfRefused(snap.context)
  const problems = coverageProblemsOf(snap.context)
  if (problems.length > 0) {
    if (file.coverageException === undefined || file.coverageException.trim() === "") {
      throw new CliError(
        `Sin cobertura: ${problems.map((p) => p.message).join("; ")}. Para abrirlo igual, indique el motivo en coverageException.`,
        ExitCode.failure
      )
    }
    actor.send({ type: "CONFIRM_EXCEPTION", reason: file.coverageException })
  }
  actor.send({ type: "NEXT" })
  const values = snap.context.services?.values ?? []
  for (const [key, value] of Object.entries(file.values)) actor.send({ type: "SET_VALUE", id: choose(key, values, "el valor").id, value })
  actor.send({ type: "NEXT" })
  actor.send({ type: "SET_EVENT", location: file.event.location, description: file.event.description })
  actor.send({ type: "NEXT" })
  if (file.procedure !== undefined) {
    const procedures = await call((c) => c.procedure.list({ urlParams: {} }))
    const wanted = procedures.find((p) => p.code === file.procedure) ?? choose(file.procedure, procedures, "el procedimiento")
    actor.send({ type: "SET_PROCEDURE", procedure_id: wanted.id })
  }
  actor.send({ type: "NEXT" })
  if (!actor.getSnapshot().matches("review")) throw usageError("El caso está incompleto: revise event.description.")
  actor.send({ type: "SUBMIT" })
  snap = await waitFor(actor, (s) => s.matches("done") || (s.matches("review") && s.context.failure !== null))
  failIfRefused(snap.context)
  const saved = snap.context.saved!
  io.stdout.write(options.json ? renderJson(saved) : `Caso N° ${saved.case_number} abierto (${saved.stage.name}).\n`)
}
