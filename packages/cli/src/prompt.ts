import { Writable } from "node:stream"
import { input, password, search, select, Separator } from "@inquirer/prompts"
import { usageError } from "./errors.js"
import type { Io } from "./io.js"
import { foldName } from "./validate.js"
import { REQUIRED } from "@palma/core"

/**
 * Prompts render on stderr so stdout stays clean for pipes. @inquirer ends the stream it writes to
 * once answered (harmless on process.stderr, which never ends), so each prompt gets its own
 * stream onto stderr: the run's stderr outlives the prompt, for the next question and messages.
 */
const context = (io: Io) => ({
  input: io.stdin,
  output: new Writable({ write: (chunk: Buffer | string, encoding, done) => void io.stderr.write(chunk, encoding, done) })
})

const nonEmpty = (value: string) => (value.trim() === "" ? REQUIRED : true)

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

/** A choice in a list: what the person reads and what the program gets. */
export interface Option<A> {
  readonly name: string
  readonly value: A
}

// @inquirer's key hints are in English.
const listTheme = { style: { keysHelpTip: () => "↑↓ para moverse, Enter para elegir" } }

/** A free answer; blank is allowed unless `required`. */
export const ask = (
  io: Io,
  message: string,
  options: { readonly required?: boolean; readonly default?: string; readonly validate?: (value: string) => true | string } = {}
) =>
  input(
    {
      message,
      ...(options.default === undefined ? {} : { default: options.default }),
      validate: (value) => (options.required && value.trim() === "" ? REQUIRED : (options.validate?.(value.trim()) ?? true))
    },
    context(io)
  ).then((answer) => answer.trim())

/** One of a short list, with the arrow keys (or typing its first letters). */
export const pick = <A>(io: Io, message: string, options: ReadonlyArray<Option<A>>) =>
  select<A>({ message, choices: options.map((o) => ({ name: o.name, value: o.value })), pageSize: 10, theme: listTheme }, context(io))

/** One of a long list, narrowed by what the person types (tildes and case ignored; names starting with it first). */
export const find = <A>(io: Io, message: string, options: ReadonlyArray<Option<A>>) =>
  search<A>(
    {
      message,
      theme: listTheme,
      source: (term) => {
        const wanted = foldName(term ?? "")
        const matches = options.filter((o) => foldName(o.name).includes(wanted))
        const ranked = [...matches.filter((o) => foldName(o.name).startsWith(wanted)), ...matches.filter((o) => !foldName(o.name).startsWith(wanted))]
        // A separator rather than an empty list, whose message @inquirer writes in English.
        return ranked.length > 0 ? ranked.map((o) => ({ name: o.name, value: o.value })) : [new Separator("Sin resultados: pruebe con otras letras")]
      }
    },
    context(io)
  )

const yes = new Set(["s", "si", "y", "yes"])
const no = new Set(["", "n", "no"])

/**
 * A yes or no, no unless the person types s (sí) or y. Not @inquirer's confirm: it knows only
 * y, and takes any other answer, a Spanish «s» included, for the default.
 */
export const agree = async (io: Io, message: string) => {
  const answer = await input(
    {
      message: `${message} (s/N)`,
      validate: (value) => yes.has(foldName(value)) || no.has(foldName(value)) || "Responda s (sí) o n (no)",
      theme: { validationFailureMode: "clear" }
    },
    context(io)
  )
  return yes.has(foldName(answer))
}
