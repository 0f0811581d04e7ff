import type { Command } from "commander"
import { Schema } from "effect"
import { Rut, type SpecialistDetail, formatDate, fullName } from "@palma/core"
import { CliError, ExitCode, usageError } from "../errors.js"
import type { Io } from "../io.js"
import { renderJson } from "../output/json.js"
import { type GlobalOptions, openSession } from "../session.js"

interface ShowOptions {
  readonly json?: boolean
}

const decodeRut = Schema.decodeUnknownOption(Rut.Rut)

/** The specialist's card: who, how to reach them, what they do and where. */
const describe = (s: SpecialistDetail) => {
  const contact = [s.phone && `Teléfono: ${s.phone}`, s.email && `Correo: ${s.email}`].filter(Boolean).join("   ")
  const address = [s.address, s.district].filter((part) => part !== "").join(", ")
  const where = s.isRemote ? `remota${s.districts.length > 0 ? ` y en ${s.districts.length} comuna(s)` : ""}` : `en ${s.districts.length} comuna(s)`
  return [
    `${fullName(s)} — ${Rut.format(s.rut)}${s.isActive ? "" : " (eliminado)"}`,
    ...(s.birthDate ? [`  Nacimiento: ${formatDate(s.birthDate)}`] : []),
    ...(contact ? [`  ${contact}`] : []),
    ...(address ? [`  Dirección: ${address}`] : []),
    `  Atención: ${where}`,
    "  Especialidades:",
    ...s.specialties.map((specialty) => `    ${specialty.family_name} — ${specialty.name}`),
    ...(s.districts.length > 0 ? [`  Comunas: ${s.districts.map((d) => d.district_name).join(", ")}`] : []),
    ""
  ].join("\n")
}

const show = async (io: Io, rut: string, options: ShowOptions, globals: GlobalOptions) => {
  const canonical = decodeRut(rut)
  if (canonical._tag === "None") throw usageError(`RUT inválido «${rut}»: revise el número y el dígito verificador.`)
  const { call } = await openSession(globals, io)
  const specialist = await call((client) => client.specialist.getByRut({ path: { rut: canonical.value } }))
  if (specialist === null) throw new CliError(`No hay un especialista con RUT ${Rut.format(canonical.value)}.`, ExitCode.failure)
  io.stdout.write(options.json ? renderJson(specialist) : describe(specialist))
}

export const registerSpecialist = (program: Command, io: Io) => {
  const specialist = program.command("specialist").description("especialistas que atienden los casos")
  specialist
    .command("show")
    .description("muestra un especialista por su RUT: contacto, especialidades y comunas que atiende")
    .argument("<rut>", "RUT del especialista, con o sin puntos")
    .option("--json", "salida JSON")
    .action((rut: string, options: ShowOptions, command: Command) => show(io, rut, options, command.optsWithGlobals<GlobalOptions>()))
  return specialist
}
