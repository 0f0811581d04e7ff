/**
 * pdfkit's built-in Helvetica writes WinAnsi (CP1252): Latin-1 plus a few typographic marks.
 * Anything else would come out as garbage glyphs, so it is shown as "?". Line breaks stay.
 */
const extras = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ")

const printable = (ch: string): boolean => {
  const code = ch.codePointAt(0)!
  return ch === "\n" || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || extras.has(ch)
}

export const winAnsi = (text: string): string =>
  [...text.normalize("NFC").replace(/\r\n?/g, "\n").replace(/\t/g, " ")].map((ch) => (printable(ch) ? ch : "?")).join("")
