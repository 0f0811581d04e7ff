import { backupFileName } from "@palma/core"
import type { Command } from "commander"
import { outputPath, writeAtomically } from "../files.js"
import type { Io } from "../io.js"
import { renderJson } from "../output/json.js"
import { type GlobalOptions, openSession } from "../session.js"
import { FORCE_HELP } from "../optionTexts.js"

interface BackupOptions {
  readonly output?: string
  readonly force?: boolean
  readonly json?: boolean
}

const megabytes = (bytes: number) => (bytes / 1_048_576).toLocaleString("es-CL", { maximumFractionDigits: 1 })

/**
 * `palma backup`: a copy of the embedded database (admins), through the API, written beside the
 * target and renamed over it, as `cases export` writes casos.xlsx. Named by today's date in Chile
 * unless `-o` says otherwise. On PostgreSQL the server refuses, pointing at pg_dump (exit 1).
 */
const backup = async (io: Io, options: BackupOptions, globals: GlobalOptions) => {
  const output = options.output ?? backupFileName(new Date())
  const path = await outputPath(output, options.force)
  const { call } = await openSession(globals, io)
  if (io.interactive) io.stderr.write("Copiando la base de datos…\n")
  const bytes = await call((client) => client.backup.database())
  await writeAtomically(path, bytes)
  io.stdout.write(
    options.json ? renderJson({ file: path, bytes: bytes.byteLength }) : `${output}: copia de la base de datos (${megabytes(bytes.byteLength)} MB)\n`
  )
}

export const registerBackup = (program: Command, io: Io) =>
  program
    .command("backup")
    .description("descarga una copia de la base de datos integrada (administradores); se restaura con «node packages/server/dist/restore.js»")
    .option("-o, --output <archivo>", "dónde escribirla (por omisión palma-AAAA-MM-DD.tar.gz, con la fecha de hoy en Chile)")
    .option("--force", FORCE_HELP)
    .option("--json", "salida JSON: archivo y bytes")
    .action((options: BackupOptions, command: Command) => backup(io, options, command.optsWithGlobals<GlobalOptions>()))
