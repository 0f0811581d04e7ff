import { input, password } from "@inquirer/prompts"
import { usageError } from "./errors.js"
import type { Io } from "./io.js"

/** Prompts render on stderr so stdout stays clean for pipes. */
const context = (io: Io) => ({ input: io.stdin, output: io.stderr })

const nonEmpty = (value: string) => (value.trim() === "" ? "Este campo es obligatorio" : true)

/** The option's value, else asked at the terminal, else a usage error naming the option. */
export const valueOrAsk = async (io: Io, value: string | undefined, option: string, question: string): Promise<string> => {
  if (value !== undefined) return value
  if (!io.interactive) throw usageError(`Falta la opción ${option}.`)
  return input({ message: question, validate: nonEmpty }, context(io))
}

/** Like valueOrAsk, with the answer masked. */
export const secretOrAsk = async (io: Io, value: string | undefined, option: string, question: string): Promise<string> => {
  if (value !== undefined) return value
  if (!io.interactive) throw usageError(`Falta la opción ${option}.`)
  return password({ message: question, mask: "*", validate: nonEmpty }, context(io))
}

/** A new password typed twice, so a typo does not lock the account. */
export const newPasswordOrAsk = async (io: Io, value: string | undefined, option: string): Promise<string> => {
  if (value !== undefined) return value
  const first = await secretOrAsk(io, undefined, option, "Contraseña (mínimo 8 caracteres):")
  const second = await password({ message: "Repita la contraseña:", mask: "*" }, context(io))
  if (first !== second) throw usageError("Las contraseñas no coinciden.")
  return first
}
