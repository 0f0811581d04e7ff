import { pdfjs } from "react-pdf"
import { describe, expect, it } from "vitest"
import { pdfErrorMessage, pdfMessages } from "../../src/components/pdf/pdfMessages"

// pdf.js 4 names, kept by pdf.js's own BaseException shape: { name, message, ...details }.
const legacy = (name: string, details: Record<string, unknown> = {}) => Object.assign(new Error("x"), { name, ...details })

describe("pdf.js failures in Spanish", () => {
  it("says an invalid or damaged file is not a valid PDF", () => {
    expect(pdfErrorMessage(new pdfjs.InvalidPDFException("Invalid PDF structure."), "load")).toBe("El archivo no es un PDF válido o está dañado")
  })

  it("says base64 that cannot be decoded is not a valid PDF either", () => {
    let decodeError: unknown
    try {
      atob("¡esto no es base64!")
    } catch (error) {
      decodeError = error
    }
    expect(decodeError).toHaveProperty("name", "InvalidCharacterError")
    expect(pdfErrorMessage(decodeError, "source")).toBe(pdfMessages.invalid)
  })

  it("says a missing file was not found (pdf.js 5 ResponseException with missing, and 404)", () => {
    expect(pdfErrorMessage(new pdfjs.ResponseException("Missing PDF", 404, true), "load")).toBe("No se encontró el documento")
    expect(pdfErrorMessage(new pdfjs.ResponseException("Missing PDF", 0, true), "load")).toBe("No se encontró el documento")
    expect(pdfErrorMessage(legacy("MissingPDFException"), "load")).toBe("No se encontró el documento")
  })

  it("says the server answered unexpectedly, with the HTTP status when there is one", () => {
    expect(pdfErrorMessage(new pdfjs.ResponseException("Unexpected server response (500)", 500, false), "load")).toBe(
      "El servidor respondió de forma inesperada al pedir el documento (código 500)"
    )
    expect(pdfErrorMessage(legacy("UnexpectedResponseException", { status: 403 }), "load")).toBe(
      "El servidor respondió de forma inesperada al pedir el documento (código 403)"
    )
    expect(pdfErrorMessage(new pdfjs.ResponseException("Unexpected", 0, false), "load")).toBe(pdfMessages.unexpectedResponse)
  })

  it("says an encrypted document is protected", () => {
    expect(pdfErrorMessage(legacy("PasswordException", { code: 1 }), "load")).toBe(pdfMessages.passwordProtected)
  })

  it("says the document could not be loaded for anything else, including a file prop that cannot be read", () => {
    expect(pdfErrorMessage(new TypeError("Failed to fetch"), "load")).toBe("No se pudo cargar el documento")
    expect(pdfErrorMessage(legacy("UnknownErrorException"), "load")).toBe("No se pudo cargar el documento")
    expect(pdfErrorMessage(new Error("Invalid parameter object"), "source")).toBe("No se pudo cargar el documento")
    expect(pdfErrorMessage("not even an error", "load")).toBe("No se pudo cargar el documento")
    expect(pdfErrorMessage(null, "source")).toBe("No se pudo cargar el documento")
  })

  it("says a page that fails to load or draw could not be shown, whatever the cause", () => {
    expect(pdfErrorMessage(new Error("canvas"), "render")).toBe("No se pudo mostrar la página")
    expect(pdfErrorMessage(new pdfjs.InvalidPDFException("bad page"), "page")).toBe("No se pudo mostrar la página")
  })
})
