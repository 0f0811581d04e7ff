import { readFileSync } from "node:fs"
import { type Amount, type ListedProduct, type Product, ProductInput, spanishIssues } from "@palma/core"
import { Either, Schema } from "effect"
import { catalogSeed } from "../assistance/catalogSeed"
import { type AssistanceSeed, type AssistanceServer, startAssistanceServer } from "../assistance/fakeAssistances"
import { json } from "../masters/fakeMasters"
import { fixturePath } from "../pdf/paths"

/**
 * The product endpoints of the Palma server (`/api/product/…`), with each product's channel plans
 * in `getAll` (`product_plans`) and each plan's contract, behind `fetch`, on top of the assistance
 * fake. Writes validate with the contract's ProductInput (400 with Spanish issues) and refuse
 * unknown assistances (404) and duplicate names (409); delete deactivates.
 */

export const productId = (n: number) => `40000000-0000-4000-8000-${String(n).padStart(12, "0")}`
export const planId = (n: number) => `50000000-0000-4000-8000-${String(n).padStart(12, "0")}`
const channelId = (n: number) => `60000000-0000-4000-8000-${String(n).padStart(12, "0")}`

/** A two-page PDF, as `getContract` sends it. */
export const contractBase64 = readFileSync(fixturePath("two-pages.pdf")).toString("base64")

export type ProductSeed = Omit<Partial<Product>, "family_id" | "family_name"> & Pick<Product, "name" | "currency" | "cost"> & { readonly family?: string }

export interface PlanSeed {
  readonly product: string
  readonly channel: string
  readonly customerPrice: Amount
}

export interface ProductServerSeed {
  readonly assistances?: ReadonlyArray<AssistanceSeed>
  readonly products?: ReadonlyArray<ProductSeed>
  readonly plans?: ReadonlyArray<PlanSeed>
}

interface Plan {
  readonly id: string
  readonly product_id: string
  readonly agent_id: string
  readonly agent_name: string
  readonly price: Amount
}

const priceText = (amount: Amount) => (typeof amount === "number" ? `$ ${amount}` : `UF ${amount}`)

export const startProductServer = (seed: ProductServerSeed = {}) => {
  let base: AssistanceServer | null = null
  const products: Product[] = []
  const plans: Plan[] = []

  /** `getAll`'s product: its plans' three prices (the fake prices them all alike). */
  const listed = (product: Product): ListedProduct => ({
    ...product,
    product_plans: plans
      .filter((plan) => plan.product_id === product.id)
      .flatMap((plan) =>
        (["customer", "company", "yearly"] as const).map((type) => ({
          type,
          id: plan.id,
          agent_id: plan.agent_id,
          price: priceText(plan.price),
          agent_name: plan.agent_name,
          amount: plan.price
        }))
      )
  })

  const write = (body: unknown, id?: string): Response => {
    const decoded = Schema.decodeUnknownEither(ProductInput, { errors: "all", onExcessProperty: "error" })(body)
    if (Either.isLeft(decoded)) {
      const issues = spanishIssues(decoded.left)
      return json(400, { _tag: "BadRequest", message: issues[0]?.message ?? "Datos inválidos", issues })
    }
    const { id: _, ...input } = decoded.right
    const family = base!.rows.get("family")!.find((f) => f.id === input.family_id && f.isActive)
    if (family === undefined) return json(404, { _tag: "NotFound", message: "La familia indicada no existe o está inactiva" })
    const missing = input.assistances.find((c) => !base!.assistances.some((a) => a.id === c.id && a.isActive))
    if (missing !== undefined) return json(404, { _tag: "NotFound", message: `El servicio ${missing.id} no existe o está inactivo` })
    if (products.some((p) => p.isActive && p.id !== id && p.name.toLowerCase() === input.name.toLowerCase()))
      return json(409, { _tag: "Conflict", message: "Ya existe un producto activo con ese nombre" })
    const at = products.findIndex((p) => p.id === id && p.isActive)
    if (id !== undefined && at < 0) return json(404, { _tag: "NotFound", message: "No se encontró el producto" })
    const row: Product = {
      ...input,
      id: id ?? productId(products.length + 1),
      family_name: String(family.name),
      assistances: input.assistances.map((c) => {
        const assistance = base!.assistances.find((a) => a.id === c.id)!
        return { ...c, name: assistance.name, section: assistance.family_name, assistance_id: c.id, assistance_name: assistance.name }
      }),
      isActive: true
    }
    if (at >= 0) products[at] = row
    else products.push(row)
    return json(200, row)
  }

  const handle = (method: string, path: string, body: unknown): Response => {
    const [, , , action, id] = path.split("/")
    switch (`${method} ${action}`) {
      case "GET getAll":
        return json(200, products.filter((p) => p.isActive).map(listed))
      case "POST create":
        return write(body)
      case "PUT update":
        return write(body, id)
      case "DELETE delete": {
        const at = products.findIndex((p) => p.id === id && p.isActive)
        if (at < 0) return json(404, { _tag: "NotFound", message: "No se encontró el producto" })
        products[at] = { ...products[at]!, isActive: false }
        return json(200, products[at])
      }
      case "GET getContract":
        return plans.some((p) => p.id === id) ? json(200, { base64: contractBase64 }) : json(404, { _tag: "NotFound", message: "No se encontró el plan" })
      default:
        return json(404, { _tag: "NotFound", message: "No existe" })
    }
  }

  const server = startAssistanceServer(catalogSeed({ assistances: seed.assistances ?? [] }), {
    owns: (path) => path.startsWith("/api/product/"),
    handle
  })
  base = server

  for (const [i, p] of (seed.products ?? []).entries()) {
    const { family = "Hogar", ...fields } = p
    products.push({
      id: productId(i + 1),
      family_id: server.masterId("family", family),
      family_name: family,
      dynamiccharge: 0,
      isSubject: false,
      frequency: "M",
      term: 12,
      beneficiaries: 0,
      dueDay: 5,
      minInsuredCompanyPrice: fields.cost,
      title: "",
      subTitle: "",
      alias: "",
      promotional: "",
      description: "",
      territorialScope: "",
      hiringConditions: "",
      assistances: [],
      isActive: true,
      ...fields
    })
  }
  const channels: Array<string> = []
  for (const [i, plan] of (seed.plans ?? []).entries()) {
    if (!channels.includes(plan.channel)) channels.push(plan.channel)
    plans.push({
      id: planId(i + 1),
      product_id: products.find((p) => p.name === plan.product)!.id,
      agent_id: channelId(channels.indexOf(plan.channel) + 1),
      agent_name: plan.channel,
      price: plan.customerPrice
    })
  }

  return { ...server, products, productId: (name: string) => products.find((p) => p.name === name)!.id }
}

export type ProductServer = ReturnType<typeof startProductServer>
