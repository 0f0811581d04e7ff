import { Command, Option } from "commander"
import { type CaseStep, type CaseView, type Role, caseStepsOf, roleFromPublicMeta, stepInputOf } from "@palma/core"
import { loadSession } from "../auth.js"
import { openCaseRecord } from "../caseRecordDriver.js"
import { type StepOptions, rankedCandidates, stepFieldsOf } from "../caseStepFields.js"
import { commanderOutput } from "../commanderOutput.js"
import { speakSpanish } from "../commanderSpanish.js"
import { CliError, ExitCode, deniedError } from "../errors.js"
import type { Io } from "../io.js"
import { describeCase } from "../output/caseText.js"
import { renderJson } from "../output/json.js"
import { renderTable } from "../output/table.js"
import { type GlobalOptions, openSession } from "../session.js"
import { caseNumberOf, positiveFlag } from "../validate.js"

/** Each lifecycle step as the terminal names it (kebab-case, short), in the lifecycle's order. */
export const stepCommands: Readonly<Record<CaseStep, string>> = {
  close: "close",
  reopen: "reopen",
  chooseProcedure: "choose-procedure",
  assignProvider: "assign",
  schedule: "schedule",
  confirmAssignment: "confirm",
  completeAssignment: "complete",
  qualify: "qualify",
  cancelAssignment: "cancel",
  requestRefund: "request-refund",
  approveRefund: "approve-refund",
  rejectRefund: "reject-refund",
  payRefund: "pay-refund"
}

/** What each step command says in `palma case <numero> --help`, and the flags it reads. */
const stepHelp: Readonly<Record<CaseStep, { readonly description: string; readonly options: ReadonlyArray<Option> }>> = {
  close: { description: "cierra el caso", options: [new Option("--description <texto>", "descripción del cierre")] },
  reopen: { description: "reabre el caso (supervisor o administrador)", options: [new Option("--description <texto>", "motivo de la reapertura")] },
  chooseProcedure: {
    description: "define o cambia cómo se resolverá el caso",
    options: [new Option("--procedure <procedimiento>", "código, nombre o id del procedimiento").makeOptionMandatory()]
  },
  assignProvider: {
    description: "envía un especialista o una alianza (según el procedimiento), de los candidatos del caso",
    options: [
      new Option("--provider <quien>", "RUT, id o nombre del candidato").conflicts("pick"),
      new Option("--pick <n>", "el candidato en ese lugar de «palma case <numero> candidates»"),
      new Option("--specialty <especialidad>", "nombre o id de la especialidad (por omisión, la única que tenga para el servicio)"),
      new Option("--date <AAAA-MM-DD>", "día de la visita"),
      new Option("--time <HH:MM>", "hora de la visita")
    ]
  },
  schedule: {
    description: "agenda (o reagenda) la visita",
    options: [new Option("--date <AAAA-MM-DD>", "día de la visita"), new Option("--time <HH:MM>", "hora de la visita")]
  },
  confirmAssignment: { description: "confirma la visita", options: [] },
  completeAssignment: { description: "marca el servicio completado", options: [] },
  qualify: {
    description: "califica el servicio completado",
    options: [
      new Option("--qualification <calificacion>", "nombre o id de la calificación").makeOptionMandatory(),
      new Option("--comment <texto>", "comentario")
    ]
  },
  cancelAssignment: { description: "anula el envío del especialista o la alianza", options: [] },
  requestRefund: {
    description: "solicita un reembolso (o un descuento IMED, según el procedimiento)",
    options: [new Option("--amount <pesos>", "monto solicitado, en pesos").makeOptionMandatory(), new Option("--comment <texto>", "comentario")]
  },
  approveRefund: { description: "aprueba el reembolso (supervisor o administrador)", options: [] },
  rejectRefund: { description: "rechaza el reembolso (supervisor o administrador)", options: [] },
  payRefund: {
    description: "marca el reembolso pagado (supervisor o administrador)",
    options: [new Option("--amount <pesos>", "lo pagado, si fue menos que lo solicitado")]
  }
}

interface StepRunOptions extends StepOptions {
  readonly json?: boolean
  readonly ifVersion?: string
}

/** The signed-in person's role, from their session (as `palma whoami`): steps are offered by role. */
const signedIn = async (io: Io, globals: GlobalOptions) => {
  const session = await openSession(globals, io)
  const role = roleFromPublicMeta((await loadSession(session.call, session.bearer)).user.publicMetadata)
  if (role === null) throw deniedError("Su cuenta no tiene un rol en operaciones: no puede trabajar en casos.")
  return { call: session.call, role }
}

/** The steps this role has where the case stands, with the lifecycle's reason for those it may not take. */
const stepsOf = (view: CaseView, role: Role) => caseStepsOf(view, role).map((o) => ({ ...o, command: stepCommands[o.step] }))

const listSteps = async (io: Io, number: number, options: { readonly json?: boolean }, globals: GlobalOptions) => {
  const { call, role } = await signedIn(io, globals)
  const record = await openCaseRecord(call, number, role)
  record.stop()
  const steps = stepsOf(record.view, role)
  if (options.json) return void io.stdout.write(renderJson(steps))
  if (steps.length === 0) return void io.stdout.write(`Caso N° ${number}: no hay pasos disponibles.\n`)
  io.stdout.write(
    `Caso N° ${number} — ${record.view.stage.name} (versión ${record.view.version})\n` +
      renderTable({
        headers: ["Paso", "Puede"],
        rightAligned: [false, false],
        rows: steps.map((s) => [s.command, s.refusal === null ? "sí" : `no: ${s.refusal}`])
      })
  )
}

const listCandidates = async (io: Io, number: number, options: { readonly json?: boolean }, globals: GlobalOptions) => {
  const { call } = await openSession(globals, io)
  const view = await call((c) => c.case.getByNumber({ path: { number } }))
  const ranked = await rankedCandidates(call, view)
  if (options.json) return void io.stdout.write(renderJson(ranked))
  io.stdout.write(
    renderTable({
      headers: ["N°", "Nombre", "RUT", "Comuna", "Teléfono"],
      rightAligned: [true, false, true, false, false],
      rows: ranked.map((c, i) => [String(i + 1), c.name, c.rut, c.place, c.phone ?? ""])
    })
  )
}

const versionFlag = (text: string | undefined): number | undefined => (text === undefined ? undefined : positiveFlag(text, "--if-version", 1))

/**
 * One step on the case, through the case page's machine as the web takes it: the flags become the
 * dialog's fields, core builds and checks the step, the machine sends it on the version read.
 */
const takeStep = async (io: Io, number: number, step: CaseStep, options: StepRunOptions, globals: GlobalOptions) => {
  const ifVersion = versionFlag(options.ifVersion)
  const { call, role } = await signedIn(io, globals)
  const record = await openCaseRecord(call, number, role, ifVersion)
  try {
    const fields = await stepFieldsOf(call, record.view, step, options)
    const typed = stepInputOf(step, fields, record.view, role)
    // The flags were checked as they were read: what is left is the lifecycle refusing the step's data.
    if ("errors" in typed) throw new CliError(Object.values(typed.errors).join("\n"), ExitCode.refused)
    const done = await record.step(step, typed.input, fields.procedure?.code ?? null)
    io.stdout.write(options.json ? renderJson(done.view) : `Hecho: ${stepCommands[step]}.\n${describeCase(done.view)}`)
  } finally {
    record.stop()
  }
}

/** `palma case <numero> …`: the steps of one case, as commands of their own (with their own help). */
const caseProgram = (io: Io, number: number, globals: GlobalOptions): Command => {
  const program = speakSpanish(new Command(`palma case ${number}`))
    .configureOutput(commanderOutput(io))
    .exitOverride()
    .showSuggestionAfterError()
    .description(`pasos del caso N° ${number}`)
  program
    .command("steps")
    .description("lista lo que usted puede hacer ahora en el caso y, si no puede, por qué")
    .option("--json", "salida JSON: paso (nombre del ciclo de vida y comando) y motivo si no puede")
    .action((options: { readonly json?: boolean }) => listSteps(io, number, options, globals))
  program
    .command("candidates")
    .description("los especialistas o alianzas que se pueden enviar, del primero al último (para assign --pick)")
    .option("--json", "salida JSON")
    .action((options: { readonly json?: boolean }) => listCandidates(io, number, options, globals))
  for (const [step, name] of Object.entries(stepCommands) as ReadonlyArray<[CaseStep, string]>) {
    const command = program.command(name).description(stepHelp[step].description)
    for (const option of stepHelp[step].options) command.addOption(option)
    command
      .option("--if-version <n>", "solo si el caso sigue en esa versión (la de «palma case show --json»); si cambió, sale con 7")
      .option("--json", "salida JSON: el caso como quedó")
      .action((options: StepRunOptions) => takeStep(io, number, step, options, globals))
  }
  return program
}

/** Registers `palma case <numero> <paso> …` on the `case` command, beside its own subcommands (new, show). */
export const registerCaseSteps = (single: Command, io: Io) =>
  single
    .argument("[numero]", "número del caso, seguido del paso (vea «palma case <numero> --help»)")
    .argument("[paso...]", "el paso y sus opciones")
    // The step's own flags are its command's to read, not this one's.
    .allowUnknownOption()
    .allowExcessArguments()
    .helpOption(false)
    .action(async (number: string | undefined, rest: ReadonlyArray<string>, _options: unknown, command: Command) => {
      if (number === undefined) return void command.help({ error: true })
      const globals = command.optsWithGlobals<GlobalOptions>()
      const program = caseProgram(io, caseNumberOf(number), globals)
      if (rest.length === 0) return void program.help({ error: true })
      await program.parseAsync([...rest], { from: "user" })
    })
