/** Everything the PDF viewer says, in Spanish (react-pdf's own texts are English). */
export const pdfMessages = {
  loading: "Cargando documento…",
  loadingPage: "Cargando página…",
  noFile: "No se indicó ningún documento",
  loadError: "No se pudo cargar el documento",
  invalid: "El archivo no es un PDF válido o está dañado",
  missing: "No se encontró el documento",
  unexpectedResponse: "El servidor respondió de forma inesperada al pedir el documento",
  renderError: "No se pudo mostrar la página",
  passwordProtected: "El documento está protegido con contraseña y no se puede mostrar"
} as const

/**
 * Where the failure happened: resolving the `file` prop (react-pdf's onSourceError), loading the
 * document (onLoadError), or loading or drawing a page (Page's onLoadError / onRenderError).
 */
export type PdfFailurePhase = "source" | "load" | "page" | "render"

const field = (error: unknown, key: string): unknown => (typeof error === "object" && error !== null ? (error as Record<string, unknown>)[key] : undefined)

const withStatus = (message: string, status: unknown) => (typeof status === "number" && status > 0 ? `${message} (código ${status})` : message)

/**
 * The Spanish message for a pdf.js failure. pdf.js errors cross the worker boundary and are rebuilt
 * by name, so they are told apart by `name`, not by class:
 * - InvalidPDFException: not a PDF, or damaged;
 * - ResponseException (pdf.js 5): the HTTP request failed; `missing` is true for 404 (and missing
 *   local files); otherwise `status` holds the HTTP status. MissingPDFException and
 *   UnexpectedResponseException are its pdf.js 4 names, still understood;
 * - PasswordException: the file is encrypted;
 * - InvalidCharacterError (from atob, while react-pdf reads the `file` prop): base64 that is not
 *   base64, so not a valid file either.
 * A page that cannot be loaded or drawn is a rendering error whatever its cause.
 */
export const pdfErrorMessage = (error: unknown, phase: PdfFailurePhase): string => {
  if (phase === "page" || phase === "render") return pdfMessages.renderError
  const name = field(error, "name")
  const status = field(error, "status")
  switch (name) {
    case "InvalidPDFException":
    case "InvalidCharacterError":
      return pdfMessages.invalid
    case "MissingPDFException":
      return pdfMessages.missing
    case "UnexpectedResponseException":
      return status === 404 ? pdfMessages.missing : withStatus(pdfMessages.unexpectedResponse, status)
    case "ResponseException":
      return field(error, "missing") === true || status === 404 ? pdfMessages.missing : withStatus(pdfMessages.unexpectedResponse, status)
    case "PasswordException":
      return pdfMessages.passwordProtected
    default:
      return pdfMessages.loadError
  }
}
