import { formatDate } from "@palma/core"

const displayed = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/

/** A date as typed in es-CL ("05-03-1980") as the wire's "1980-03-05"; "" stays "", anything else is returned as typed. */
export const isoOfTyped = (text: string): string => {
  const match = displayed.exec(text.trim())
  return match ? `${match[3]}-${match[2]!.padStart(2, "0")}-${match[1]!.padStart(2, "0")}` : text.trim()
}

/** Whether the text is empty or reads as dd-mm-aaaa. */
export const isTypedDate = (text: string) => text.trim() === "" || displayed.test(text.trim())

/** A stored date as the form shows it (dd-mm-aaaa). */
export const typedOf = (iso: string | null) => (iso === null ? "" : formatDate(iso))
