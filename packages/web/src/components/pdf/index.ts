export { PdfViewer, type PdfViewerProps } from "./PdfViewer"
export type { PdfSource } from "./pdfSource"
export { pdfErrorMessage, pdfMessages } from "./pdfMessages"
