import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs"

// pdfjs wants its standard font data for Helvetica & co. (text extraction works without, but warns).
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`

/** Parses a PDF with pdfjs (throws if it is not one) and returns its pages and all its text. */
export const readPdf = async (bytes: Uint8Array): Promise<{ pages: number; text: string }> => {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false }).promise
  const lines: Array<string> = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent()
    for (const item of content.items) if ("str" in item) lines.push(item.str)
  }
  const pages = pdf.numPages
  await pdf.destroy()
  return { pages, text: lines.join("\n") }
}
