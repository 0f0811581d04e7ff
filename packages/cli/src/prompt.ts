import { input, password } from "@inquirer/prompts"
import { usageError } from "./errors.js"

/** Prompts only when a person can answer; they render on stderr so stdout stays clean for pipes. */
const canPrompt = () => process.stdin.isTTY === true

const context = { output: process.stderr }

const nonEmpty = (value: string) => (value.trim() === "" ? "Este campo es obligatorio" : true)

/** The option's value, else asked at the terminal, else a usage error naming the option. */
export const valueOrAsk = async (value: string | undefined, option: string, question: string): Promise<string> => {
  if (value !== undefined) return value
  if (!canPrompt()) throw usageError(`Falta la opción ${option}.`)
  return input({ message: question, validate: nonEmpty }, context)
}

/** Like valueOrAsk, with the answer masked. */
export const secretOrAsk = async (value: string | undefined, option: string, question: string): Promise<string> => {
  if (value !== undefined) return value
  if (!canPrompt()) throw usageError(`Falta la opción ${option}.`)
  return password({ message: question, mask: "*", validate: nonEmpty }, context)
}

/** A new password typed twice, so a typo does not lock the account. */
export const newPasswordOrAsk = async (value: string | undefined, option: string): Promise<string> => {
  if (value !== undefined) return value
  const first = await secretOrAsk(undefined, option, "Contraseña (mínimo 8 caracteres):")
  const second = await password({ message: "Repita la contraseña:", mask: "*" }, context)
  if (first !== second) throw usageError("Las contraseñas no coinciden.")
  return first
}
