import { readFile } from "node:fs/promises"
import { Either, Schema } from "effect"
import { type Call, chileDateOf, eventProblems, IsoDate } from "@palma/core"
import { CliError, ExitCode, fromApiFailure, usageError } from "../errors.js"
import type { Io } from "../io.js"
import { foldName } from "../validate.js"
import { renderJson } from "../output/json.js"
import { type GlobalOptions, openSession } from "../session.js"
import { type DraftAnswers, driveCaseDraft, newcomerDetails, newcomerPlans } from "./caseDraftDriver.js"
import { promptedAnswers } from "./caseNewPrompts.js"

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

/** The file's answers: each step takes what the file says, and anything missing or refused stops the run. */
const fileAnswers = (file: CaseFile, call: Call): DraftAnswers => ({
  refused: (failure) => {
    throw fromApiFailure(failure)
  },
  applicant: async (day) => ({ rut: file.rut, date: file.date ?? day }),
  newcomer: async (rut) => {
    if (file.newcomer === undefined)
      throw new CliError(
        `Nadie con el RUT ${rut} tiene una póliza vigente ese día: para abrirle un caso, regístrelo en newcomer (nombre, apellidos y el plan que toma).`,
        ExitCode.failure
      )
    return { person: newcomerDetails(file.newcomer), plan: choose(file.newcomer.plan, await newcomerPlans(call), "el plan").plan }
  },
  product: async (applicant) =>
    choose(
      file.product,
      applicant.products.map((p) => ({ ...p, id: p.lead_id, name: `${p.name} (póliza ${p.policy.number})` })),
      "el producto"
    ),
  assistance: async (offered) => choose(file.assistance, offered, "el servicio"),
  coverage: async (problems) => {
    if (problems.length === 0) return null
    if (file.coverageException === undefined || file.coverageException.trim() === "")
      throw new CliError(
        `Sin cobertura: ${problems.map((p) => p.message).join("; ")}. Para abrirlo igual, indique el motivo en coverageException.`,
        ExitCode.failure
      )
    return file.coverageException
  },
  values: async (asked) => Object.fromEntries(Object.entries(file.values).map(([name, value]) => [choose(name, asked, "el valor").id, value])),
  event: async () => {
    // The machine's own rule for an event that can go on, named by the file's fields.
    const missing = Object.entries(eventProblems({ date: "", ...file.event })).map(([field, message]) => `event.${field} (${message})`)
    if (missing.length > 0) throw usageError(`El caso está incompleto: revise ${missing.join(" y ")}.`)
    return file.event
  },
  procedure: async () => {
    if (file.procedure === undefined) return null
    const procedures = await call((c) => c.procedure.list({ urlParams: {} }))
    return (procedures.find((p) => p.code === file.procedure) ?? choose(file.procedure, procedures, "el procedimiento")).id
  },
  confirm: async () => true
})

/**
 * `palma case new`: opens a case driving the same caseDraft machine as the screen, with the same
 * coverage check (a problem stops it unless a reason is given). The answers come from
 * `--from case.json`, or from the person at the terminal, asked step by step.
 */
export const newCase = async (io: Io, from: string | undefined, options: { readonly json?: boolean }, globals: GlobalOptions) => {
  if (from === undefined && !io.interactive) throw usageError("Indique el caso con --from caso.json, o ejecútelo en una terminal para responder las preguntas.")
  // The file is read before signing in, so a bad file fails without touching the server.
  const file = from === undefined ? undefined : await readCaseFile(from)
  const { call } = await openSession(globals, io)
  const answers = file === undefined ? promptedAnswers(io, call) : fileAnswers(file, call)
  const saved = await driveCaseDraft(call, chileDateOf(new Date()), answers)
  io.stdout.write(options.json ? renderJson(saved) : `Caso N° ${saved.case_number} abierto (${saved.stage.name}).\n`)
}
