import { uuidPattern } from "@palma/core"
import { type Command, Option } from "commander"
import { usageError } from "../errors.js"
import { outputPath, writeAtomically } from "../files.js"
import type { Io } from "../io.js"
import { type GlobalOptions, openSession } from "../session.js"
import { FORCE_HELP } from "../optionTexts.js"

interface TemplateOptions {
  readonly output: string
  readonly force?: boolean
}

/** Input and target are checked before any network call: a mistake is a usage error (2). */
const template = async (io: Io, productPlanId: string, options: TemplateOptions, globals: GlobalOptions) => {
  if (!uuidPattern.test(productPlanId)) throw usageError("El plan debe ser un ID (véalos con «palma list retail» y los planes de cada canal).")
  const path = await outputPath(options.output, options.force)
  const { call } = await openSession(globals, io)
  const bytes = await call((client) => client.fileFormat.template({ path: { productPlan_id: productPlanId } }))
  await writeAtomically(path, bytes)
  io.stdout.write(`Plantilla guardada en ${options.output}.\n`)
}

export const registerFileFormat = (program: Command, io: Io) => {
  const fileFormat = program.command("fileformat").description("formatos de archivo de los planes (nóminas de asegurados)")
  fileFormat
    .command("template")
    .description("descarga la plantilla Excel vacía del formato de un plan")
    .argument("<productPlan_id>", "ID del plan")
    .addOption(new Option("-o, --output <archivo>", "dónde guardarla").default("plantilla.xlsx"))
    .option("--force", FORCE_HELP)
    .action((productPlanId: string, options: TemplateOptions, command: Command) =>
      template(io, productPlanId, options, command.optsWithGlobals<GlobalOptions>())
    )
  return fileFormat
}
