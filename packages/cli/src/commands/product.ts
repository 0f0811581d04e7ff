import { type Command, Option } from "commander"
import { formatAmount, frequencyLabel, type PricedProduct, type Product, uuidPattern } from "@palma/core"
import { usageError } from "../errors.js"
import type { Io } from "../io.js"
import { renderJson } from "../output/json.js"
import { renderTable } from "../output/table.js"
import { type GlobalOptions, openSession } from "../session.js"

interface ShowOptions {
  readonly retail?: string
  /** The old name of --retail, hidden from the help: scripts written before still pass it. */
  readonly channel?: string
  readonly json?: boolean
}

const currencyName = { P: "pesos (CLP)", U: "UF" } as const

/** The product's card and its coverage, as a person reads it. */
const describe = (product: Product, prices?: PricedProduct) => {
  const lines = [
    `${product.name} (${product.family_name})${product.isActive ? "" : " — inactivo"}`,
    `  Moneda: ${currencyName[product.currency]}   Costo: ${formatAmount(product.cost)}   Frecuencia: ${frequencyLabel[product.frequency]}   Plazo: ${product.term} meses`,
    `  Cargas: ${product.beneficiaries}${product.beneficiaries > 0 ? ` (${formatAmount(product.dynamiccharge)} cada una)` : ""}   Día de pago: ${product.dueDay}`,
    ...(product.alias ? [`  Alianza: ${product.alias}`] : []),
    ...(prices
      ? [
          `  Canal: ${prices.agent_name}   Plan: ${prices.productPlan_id}`,
          `  Precio cliente: ${formatAmount(prices.customerPrice)}   Precio empresa: ${formatAmount(prices.companyPrice)}   Precio anual: ${formatAmount(prices.yearlyPrice)}`
        ]
      : []),
    ""
  ]
  const coverage = renderTable({
    headers: ["Servicio", "Monto", "Máximo por evento", "Eventos", "Carencia (días)"],
    rows: product.assistances.map((a) => [a.assistance_name, formatAmount(a.amount), formatAmount(a.maximum), String(a.events), String(a.lack)]),
    rightAligned: [false, true, true, true, true]
  })
  return `${lines.join("\n")}\n${coverage}`
}

const show = async (io: Io, id: string, options: ShowOptions, globals: GlobalOptions) => {
  if (!uuidPattern.test(id)) throw usageError("El producto debe ser un ID (véalos con «palma list product»).")
  const retail = options.retail ?? options.channel
  if (retail !== undefined && !uuidPattern.test(retail)) throw usageError("El canal debe ser un ID (véalos con «palma list retail»).")
  const { call } = await openSession(globals, io)
  if (retail === undefined) {
    const product = await call((client) => client.product.getById({ path: { id } }))
    io.stdout.write(options.json ? renderJson(product) : describe(product))
    return
  }
  const priced = await call((client) => client.product.getByIdWithPrices({ path: { id, agent_id: retail } }))
  io.stdout.write(options.json ? renderJson(priced) : describe(priced, priced))
}

export const registerProduct = (program: Command, io: Io) => {
  const product = program.command("product").description("productos del catálogo")
  product
    .command("show")
    .description("muestra un producto y su cobertura; con --retail, sus precios en ese canal")
    .argument("<id>", "ID del producto")
    .option("--retail <id>", "ID del canal (retail) cuyos precios mostrar")
    .addOption(new Option("--channel <id>").hideHelp())
    .option("--json", "salida JSON")
    .action((id: string, options: ShowOptions, command: Command) => show(io, id, options, command.optsWithGlobals<GlobalOptions>()))
  return product
}
