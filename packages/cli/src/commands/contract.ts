import { uuidPattern } from "@palma/core"
import { type Command, Option } from "commander"
import { usageError } from "../errors.js"
import { outputPath, writeAtomically } from "../files.js"
import type { Io } from "../io.js"
import { type GlobalOptions, openSession } from "../session.js"
import { FORCE_HELP } from "../optionTexts.js"

interface ContractOptions {
  readonly output: string
  readonly force?: boolean
}

const contract = async (io: Io, productPlanId: string, options: ContractOptions, globals: GlobalOptions) => {
  if (!uuidPattern.test(productPlanId)) throw usageError("El plan debe ser un ID (véalos con «palma product show <id> --retail <id>»).")
  const path = await outputPath(options.output, options.force)
  const { call } = await openSession(globals, io)
  const { base64 } = await call((client) => client.product.getContract({ path: { productPlan_id: productPlanId } }))
  await writeAtomically(path, Buffer.from(base64, "base64"))
  io.stdout.write(`Contrato guardado en ${options.output}.\n`)
}

export const registerContract = (program: Command, io: Io) =>
  program
    .command("contract")
    .description("descarga el contrato (PDF) de un plan")
    .argument("<productPlan_id>", "ID del plan")
    .addOption(new Option("-o, --output <archivo>", "dónde guardarlo").default("contrato.pdf"))
    .option("--force", FORCE_HELP)
    .action((productPlanId: string, options: ContractOptions, command: Command) =>
      contract(io, productPlanId, options, command.optsWithGlobals<GlobalOptions>())
    )
