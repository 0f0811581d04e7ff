import { Effect } from "effect"
import { type ContractData, currencyLabel, formatAmount, frequencyLabel, productLabels } from "@palma/core/domain"
import { importPDFKit } from "../lazyImports.js"
import { winAnsi } from "./winAnsi.js"

const MARGIN = 50
const INK = "#1f2933"
const MUTED = "#52606d"
const RULE = "#cbd2d9"

type Doc = PDFKit.PDFDocument

const days = (n: number) => (n === 0 ? "Sin carencia" : n === 1 ? "1 día" : `${n} días`)

/** A heading and its text, skipped when the product leaves it blank. */
const section = (doc: Doc, heading: string, body: string) => {
  if (body.trim() === "") return
  doc.moveDown(0.8).font("Helvetica-Bold").fontSize(12).fillColor(INK).text(winAnsi(heading), MARGIN)
  doc.moveDown(0.2).font("Helvetica").fontSize(10).fillColor(INK).text(winAnsi(body), MARGIN, undefined, { align: "justify" })
}

const columns = [
  { header: "Servicio", width: 165 },
  { header: "Monto por período", width: 95 },
  { header: "Máximo por evento", width: 95 },
  { header: "Eventos por período", width: 65 },
  { header: "Carencia", width: 75 }
] as const

/** One table row; a new page (with the header again) when it does not fit. */
const row = (doc: Doc, cells: ReadonlyArray<string>, bold: boolean, onNewPage: () => void) => {
  doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9)
  const heights = cells.map((cell, i) => doc.heightOfString(winAnsi(cell), { width: columns[i]!.width - 8 }))
  const height = Math.max(...heights) + 8
  if (doc.y + height > doc.page.height - MARGIN) {
    doc.addPage()
    onNewPage()
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9)
  }
  const top = doc.y
  let x = MARGIN
  cells.forEach((cell, i) => {
    doc.fillColor(INK).text(winAnsi(cell), x + 4, top + 4, { width: columns[i]!.width - 8 })
    x += columns[i]!.width
  })
  doc
    .moveTo(MARGIN, top + height)
    .lineTo(x, top + height)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke()
  doc.x = MARGIN
  doc.y = top + height
}

const coverageTable = (doc: Doc, data: ContractData) => {
  doc.moveDown(0.8).font("Helvetica-Bold").fontSize(12).fillColor(INK).text("Coberturas", MARGIN)
  doc.moveDown(0.3)
  if (data.product.assistances.length === 0) {
    doc.font("Helvetica").fontSize(10).text("Este producto aún no tiene servicios asociados.", MARGIN)
    return
  }
  const header = () =>
    row(
      doc,
      columns.map((c) => c.header),
      true,
      () => {}
    )
  header()
  for (const a of data.product.assistances) {
    row(doc, [a.assistance_name, formatAmount(a.amount), formatAmount(a.maximum), String(a.events), days(a.lack)], false, header)
  }
}

const draw = (doc: Doc, data: ContractData) => {
  const { product, plan } = data
  const frequency = frequencyLabel[product.frequency].toLowerCase()
  doc
    .font("Helvetica-Bold")
    .fontSize(20)
    .fillColor(INK)
    .text(winAnsi(product.title || product.name), MARGIN, MARGIN)
  if (product.subTitle) doc.moveDown(0.2).font("Helvetica").fontSize(12).fillColor(MUTED).text(winAnsi(product.subTitle))
  doc
    .moveDown(0.6)
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .strokeColor(RULE)
    .lineWidth(1)
    .stroke()

  const facts: ReadonlyArray<readonly [string, string]> = [
    ["Canal", plan.agent_name],
    ["Producto", product.name],
    ["Precio", `${formatAmount(plan.customerPrice)} (${frequency})`],
    ["Precio empresa", formatAmount(plan.companyPrice)],
    ["Precio anual", formatAmount(plan.yearlyPrice)],
    ["Frecuencia de pago", frequencyLabel[product.frequency]],
    ["Moneda", currencyLabel[product.currency]],
    ["Plazo", `${product.term} meses`],
    ["Cargas", String(product.beneficiaries)],
    ...(product.beneficiaries > 0 ? [[productLabels.dynamiccharge, formatAmount(product.dynamiccharge)] as const] : []),
    [productLabels.dueDay, String(product.dueDay)]
  ]
  doc.moveDown(0.6)
  for (const [label, value] of facts) {
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor(INK)
      .text(winAnsi(`${label}: `), MARGIN, undefined, { continued: true })
    doc.font("Helvetica").text(winAnsi(value))
  }

  section(doc, productLabels.description, product.description)
  section(doc, productLabels.territorialScope, product.territorialScope)
  section(doc, productLabels.hiringConditions, product.hiringConditions)
  coverageTable(doc, data)
}

/** The plan's contract as PDF bytes, in Spanish, with pdfkit's built-in Helvetica (no font files). */
export const renderContract = (data: ContractData): Effect.Effect<Uint8Array> =>
  Effect.flatMap(Effect.promise(importPDFKit), (PDFDocument) =>
    Effect.async<Uint8Array>((resume) => {
      const doc = new PDFDocument({
        size: "A4",
        margin: MARGIN,
        info: { Title: winAnsi(`Contrato ${data.product.title || data.product.name}`), Author: "Palma", Subject: winAnsi(data.plan.agent_name) },
        lang: "es-CL"
      })
      const chunks: Array<Buffer> = []
      doc.on("data", (chunk: Buffer) => chunks.push(chunk))
      doc.on("end", () => resume(Effect.succeed(new Uint8Array(Buffer.concat(chunks)))))
      doc.on("error", (error: unknown) => resume(Effect.die(error)))
      try {
        draw(doc, data)
        doc.end()
      } catch (error) {
        resume(Effect.die(error))
      }
    })
  )
