import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { packageSources, repeatedTexts } from "./spanishTexts.js"

/** Texts shorter than this are labels and words ("Correo electrónico") that read alike by chance as often as by meaning. */
const MIN_LENGTH = 20

/** Texts written twice on purpose, each with why it is not one message. */
const allowed: ReadonlyMap<string, string> = new Map([
  [
    "No se encontró la carga",
    "two things a «carga» is: a roster upload (BulkLoadService) and a titular's dependent (PersonWriter); one word in Spanish, two messages"
  ]
])

/**
 * The demo seed is data, not messages: its catalog and its providers name the masters they link to
 * by the names demoMasters gives them, as a person would pick them.
 */
const isSeed = (path: string) => path.startsWith(join("server", "src", "seed"))

const packagesDir = fileURLToPath(new URL("../../../", import.meta.url))

describe("each Spanish message is written once (issue 34: a rule lives in one place)", () => {
  const repeated = () =>
    repeatedTexts(
      packageSources(packagesDir).filter((file) => !isSeed(file.path)),
      MIN_LENGTH
    )

  it("no Spanish text of 20 characters or more is written in two source files", () => {
    const found = [...repeated()].filter(([text]) => !allowed.has(text))
    expect(found.map(([text, paths]) => `«${text}» en ${paths.join(", ")}`)).toEqual([])
  })

  it("finds a message written in two files, in a string, a template or JSX, and not in an import", () => {
    const files = [
      { path: "a/src/one.ts", text: 'export const m = "La póliza no está vigente"\nimport x from "./de la cuenta para el caso.js"' },
      { path: "b/src/two.tsx", text: "export const T = () => <p>La póliza no está vigente</p>" },
      { path: "c/src/three.ts", text: "export const f = (n: number) => `Debe tener como máximo ${n} caracteres`" },
      { path: "d/src/four.ts", text: "const g = (max: number) => `Debe tener como máximo ${max} caracteres`\nconst code = 'selectedPlanIdentifierKey'" },
      { path: "e/src/five.ts", text: 'export * from "./de la cuenta para el caso.js"' }
    ]
    expect([...repeatedTexts(files, MIN_LENGTH)]).toEqual([
      ["La póliza no está vigente", ["a/src/one.ts", "b/src/two.tsx"]],
      ["Debe tener como máximo ${} caracteres", ["c/src/three.ts", "d/src/four.ts"]]
    ])
  })

  it("lists only texts that are still repeated: an allowed text no longer written twice is taken off the list", () => {
    const stillRepeated = repeated()
    expect([...allowed.keys()].filter((text) => !stillRepeated.has(text))).toEqual([])
  })
})
