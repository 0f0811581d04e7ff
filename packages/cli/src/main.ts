import { Command, CommanderError } from "commander"
import { registerContract } from "./commands/contract.js"
import { registerFileFormat } from "./commands/fileformat.js"
import { registerList } from "./commands/list.js"
import { registerLogin } from "./commands/login.js"
import { registerLogout } from "./commands/logout.js"
import { registerProduct } from "./commands/product.js"
import { registerUsers } from "./commands/users.js"
import { registerWhoami } from "./commands/whoami.js"
import { speakSpanish } from "./commanderSpanish.js"
import { ExitCode, toCliError } from "./errors.js"

// `palma list district | head` closes the pipe early: that is the reader's choice, not a failure.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error
  process.exit(ExitCode.ok)
})

const program = speakSpanish(new Command("palma"))
  .description("Palma desde la terminal: sesión y datos maestros")
  .option("--api-url <url>", "URL del servidor (por omisión PALMA_API_URL, la de la sesión guardada o http://localhost:3000)")
  // commander would call process.exit itself; throwing lets main choose the exit code.
  .exitOverride()
  .showSuggestionAfterError()

registerLogin(program)
registerLogout(program)
registerWhoami(program)
registerList(program)
registerUsers(program)
registerFileFormat(program)
registerProduct(program)
registerContract(program)

/** Help and version end well (0); any other commander error is a usage error (2). */
const commanderExitCode = (error: CommanderError): ExitCode => (error.exitCode === 0 ? ExitCode.ok : ExitCode.usage)

const run = async (): Promise<ExitCode> => {
  try {
    await program.parseAsync(process.argv)
    return ExitCode.ok
  } catch (error) {
    // commander has already printed its own message.
    if (error instanceof CommanderError) return commanderExitCode(error)
    const failure = toCliError(error)
    process.stderr.write(`${failure.message}\n`)
    return failure.exitCode
  }
}

// exitCode rather than exit(): stdout may still be flushing a long listing into a pipe.
process.exitCode = await run()
