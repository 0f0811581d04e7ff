import type { Command } from "commander"
import type { CaseVerifyReport, CaseVerifyRequest } from "@palma/core"
import { CliError, ExitCode, usageError } from "../errors.js"
import { badCaseNumber } from "../validate.js"
import type { Io } from "../io.js"
import { renderJson } from "../output/json.js"
import { type GlobalOptions, openSession } from "../session.js"

interface VerifyOptions {
  readonly all?: boolean
  readonly json?: boolean
}

const requestOf = (numbers: ReadonlyArray<string>, options: VerifyOptions): CaseVerifyRequest => {
  if (options.all === true && numbers.length > 0) throw usageError("Indique números de caso o --all, no ambos.")
  if (options.all === true) return { all: true }
  const [first, ...rest] = numbers.map((n) => {
    if (!/^\d{1,15}$/.test(n.trim()) || Number(n) < 1) throw badCaseNumber(n)
    return Number(n.trim())
  })
  if (first === undefined) throw usageError("Indique los números de los casos a verificar, o --all para todos.")
  return { numbers: [first, ...rest] }
}

const describe = (report: CaseVerifyReport) =>
  [
    `Casos verificados: ${report.checked}`,
    ...report.mismatches.map((m) => `  Caso N° ${m.number}: difiere (${m.parts.join(", ")}) — ${m.details.join("; ")}`),
    ...report.missing.map((n) => `  Caso N° ${n}: no existe`),
    report.mismatches.length === 0 && report.missing.length === 0 ? "Todos coinciden con sus eventos." : "",
    ""
  ]
    .filter((line, i, all) => line !== "" || i === all.length - 1)
    .join("\n")

const verify = async (io: Io, numbers: ReadonlyArray<string>, options: VerifyOptions, globals: GlobalOptions) => {
  const request = requestOf(numbers, options)
  const { call } = await openSession(globals, io)
  // The client takes each form of the payload's union on its own.
  const report = await call((c) => ("all" in request ? c.case.verify({ payload: request }) : c.case.verify({ payload: request })))
  io.stdout.write(options.json ? renderJson(report) : describe(report))
  const bad = report.mismatches.length + report.missing.length
  if (bad > 0) throw new CliError(`${bad} caso(s) no coinciden con sus eventos o no existen; no se corrigió nada.`, ExitCode.mismatch)
}

/** `palma cases verify [<numero>…|--all]` (admins): each case's events folded again and compared with what is stored; reports, never fixes. */
export const registerCaseVerify = (cases: Command, io: Io) =>
  cases
    .command("verify")
    .description("verifica que cada caso guardado coincida con sus eventos (solo administradores); informa, no corrige")
    .argument("[numeros...]", "números de los casos")
    .option("--all", "todos los casos")
    .option("--json", "salida JSON (el informe de la API)")
    .action((numbers: ReadonlyArray<string>, options: VerifyOptions, command: Command) =>
      verify(io, numbers, options, command.optsWithGlobals<GlobalOptions>())
    )
