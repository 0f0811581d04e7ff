import { Command } from "commander"
import { commanderOutput } from "./commanderOutput.js"
import { registerBackup } from "./commands/backup.js"
import { registerCases } from "./commands/cases.js"
import { speakSpanish } from "./commanderSpanish.js"
import { registerContract } from "./commands/contract.js"
import { registerFileFormat } from "./commands/fileformat.js"
import { registerInsuredUpload } from "./commands/insuredUpload.js"
import { registerList } from "./commands/list.js"
import { registerLogin } from "./commands/login.js"
import { registerLogout } from "./commands/logout.js"
import { registerProduct } from "./commands/product.js"
import { registerSpecialist } from "./commands/specialist.js"
import { registerSearch } from "./commands/search.js"
import { registerRecords } from "./commands/records.js"
import { registerUploads } from "./commands/uploads.js"
import { registerUsers } from "./commands/users.js"
import { registerWhoami } from "./commands/whoami.js"
import type { Io } from "./io.js"

/**
 * A fresh `palma` program bound to one run's streams and environment. commander keeps parsed
 * options on the Command objects, so a program is never reused between runs.
 */
export const buildProgram = (io: Io): Command => {
  const program = speakSpanish(new Command("palma"))
    // Before any command is added: subcommands copy the output settings when they are created.
    .configureOutput(commanderOutput(io))
    .description(
      "Palma desde la terminal: sesión, datos maestros, especialistas, alianzas, búsqueda de personas, casos, nóminas de asegurados y copias de la base de datos"
    )
    .option("--api-url <url>", "URL del servidor (por omisión PALMA_API_URL, la de la sesión guardada o http://localhost:3000)")
    // commander would call process.exit itself; throwing lets runCli choose the exit code.
    .exitOverride()
    .showSuggestionAfterError()

  registerLogin(program, io)
  registerLogout(program, io)
  registerWhoami(program, io)
  registerList(program, io)
  registerUsers(program, io)
  registerFileFormat(program, io)
  registerProduct(program, io)
  registerContract(program, io)
  registerSpecialist(program, io)
  registerSearch(program, io)
  registerRecords(program, io)
  registerCases(program, io)
  registerInsuredUpload(program, io)
  registerUploads(program, io)
  registerBackup(program, io)
  return program
}
