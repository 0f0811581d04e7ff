import type { Command } from "commander"

/** commander writes its messages in English; these are the ones a person meets, in Spanish. */
const errors: ReadonlyArray<readonly [RegExp, (...groups: string[]) => string]> = [
  [/^error: unknown option '(.+?)'/, (flag) => `error: opción desconocida «${flag}»`],
  [/^error: unknown command '(.+?)'/, (name) => `error: comando desconocido «${name}»`],
  [/^error: missing required argument '(.+?)'/, (name) => `error: falta el argumento obligatorio «${name}»`],
  [/^error: option '(.+?)' argument missing/, (flags) => `error: falta el valor de la opción «${flags}»`],
  [/^error: required option '(.+?)' not specified/, (flags) => `error: falta la opción obligatoria «${flags}»`],
  [/^error: too many arguments/, () => "error: sobran argumentos"],
  [
    /^error: option '(.+?)' argument '(.*?)' is invalid\. Allowed choices are (.+?)\.$/m,
    (flags, value, choices) => `error: valor «${value}» inválido para «${flags}»; use uno de: ${choices}`
  ],
  [/^error: option '(.+?)' cannot be used with option '(.+?)'/, (a, b) => `error: la opción «${a}» no se puede usar junto con «${b}»`]
]

const suggestion = /\(Did you mean (?:one of )?(.+?)\?\)/

export const toSpanish = (message: string): string => {
  const hint = suggestion.exec(message)
  const rule = errors.find(([pattern]) => pattern.test(message))
  if (rule === undefined) return message
  const [pattern, translate] = rule
  const groups = (pattern.exec(message) ?? []).slice(1)
  return `${translate(...groups)}${hint ? `\n(¿Quiso decir ${hint[1]}?)` : ""}\n`
}

const titles: Record<string, string> = {
  "Usage:": "Uso:",
  "Options:": "Opciones:",
  "Commands:": "Comandos:",
  "Arguments:": "Argumentos:",
  "Global Options:": "Opciones globales:"
}

/** Spanish help titles, help option and errors; set on the program before adding commands so they inherit it. */
export const speakSpanish = (program: Command): Command =>
  program
    .configureHelp({
      styleTitle: (title) => titles[title] ?? title,
      // The placeholders commander puts in usage lines.
      styleOptionText: (text) => (text === "[options]" ? "[opciones]" : text),
      styleSubcommandText: (text) => (text === "[command]" ? "[comando]" : text),
      showGlobalOptions: true
    })
    .configureOutput({ outputError: (message, write) => write(toSpanish(message)) })
    .helpOption("-h, --help", "muestra esta ayuda")
    .helpCommand("help [comando]", "muestra la ayuda de un comando")
