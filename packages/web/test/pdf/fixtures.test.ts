import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { fixturePath } from "./paths"

// The fixtures are written by fixtures/generateFixtures.ts. pdf.js cannot parse them here (see
// toolbar.test.tsx), so this checks the structure pdf.js relies on: header, object offsets in the
// cross-reference table, startxref, and two pages.
const read = (name: string) => readFileSync(fixturePath(name))

describe("PDF fixtures", () => {
  it("two-pages.pdf is a well-formed two-page PDF", () => {
    const pdf = read("two-pages.pdf")
    const text = pdf.toString("latin1")
    expect(text.startsWith("%PDF-1.4\n")).toBe(true)
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true)

    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1])
    expect(text.slice(startxref, startxref + 4)).toBe("xref")

    const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n \n/gm)].map((match) => Number(match[1]))
    expect(entries).toHaveLength(7)
    entries.forEach((offset, index) => expect(text.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true))

    expect(text).toContain("/Type /Pages /Kids [3 0 R 5 0 R] /Count 2")
    expect(text.match(/\/Type \/Page /g)).toHaveLength(2)
    for (const match of text.matchAll(/\/Length (\d+) >>\nstream\n/g)) {
      const end = (match.index ?? 0) + match[0].length + Number(match[1])
      expect(text.slice(end, end + 10)).toBe("\nendstream")
    }
  })

  it("corrupt.pdf is not a PDF at all", () => {
    const corrupt = read("corrupt.pdf")
    expect(corrupt.length).toBe(2048)
    expect(corrupt.toString("latin1")).not.toContain("%PDF")
  })
})
