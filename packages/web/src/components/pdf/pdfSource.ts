import { useEffect, useState } from "react"

/** A PDF given inline (base64, with or without a `data:` prefix) or by URL. */
export type PdfSource = { readonly base64: string } | { readonly url: string }

const dataPrefix = /^data:[^,]*;base64,/i

const bareBase64 = (base64: string) => base64.trim().replace(dataPrefix, "")

/**
 * What react-pdf's `file` prop gets: a string, so it never changes identity between renders (an
 * object would make react-pdf reload) and react-pdf decodes a fresh copy on every load (pdf.js
 * transfers byte arrays to its worker, which would break React's double effects in StrictMode).
 */
export const documentFile = (source: PdfSource): string => ("base64" in source ? `data:application/pdf;base64,${bareBase64(source.base64)}` : source.url)

/** The name a downloaded copy gets: the title without characters file systems reject, ending in .pdf. */
export const pdfFileName = (title?: string): string => {
  const printable = [...(title ?? "")].map((char) => (char.charCodeAt(0) < 32 ? " " : char)).join("")
  const name = printable
    .replace(/[\\/:*?"<>|]+/g, "-")
    .trim()
    .replace(/^[.\s-]+|[.\s-]+$/g, "")
  const base = name === "" ? "documento" : name
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`
}

const decodeBase64 = (base64: string): Uint8Array<ArrayBuffer> | null => {
  try {
    const binary = atob(bareBase64(base64))
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return bytes
  } catch {
    return null
  }
}

/**
 * The address a "Descargar" link points to: the URL itself, or an object URL over the decoded
 * base64 (revoked when the source changes or the viewer goes away). null while it is being made,
 * or when the base64 cannot be decoded.
 */
export const usePdfDownloadHref = (source: PdfSource): string | null => {
  const url = "url" in source ? source.url : null
  const base64 = "base64" in source ? source.base64 : null
  const [objectUrl, setObjectUrl] = useState<string | null>(null)

  useEffect(() => {
    if (base64 === null) return
    const bytes = decodeBase64(base64)
    if (bytes === null) return
    const href = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }))
    setObjectUrl(href)
    return () => {
      URL.revokeObjectURL(href)
      setObjectUrl(null)
    }
  }, [base64])

  return url ?? objectUrl
}
