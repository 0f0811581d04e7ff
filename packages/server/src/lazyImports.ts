/**
 * exceljs and PDFKit take about 0.8 s to load, and only uploads, exports and plan contracts use
 * them: they load on first use, so starting the server does not wait for them.
 */
export const importExcelJS = async () => (await import("exceljs")).default

export const importPDFKit = async () => (await import("pdfkit")).default
