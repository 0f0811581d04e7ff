import type { Assistance, AssignedPlan, Family, ListedProduct, OfferedProduct, Product, Retail, RetailDetail } from "@palma/core"
import type { RealServer } from "../realServer"

/**
 * What the retail, product and file format tests arrange on the real server: the demo catalog's
 * rows (packages/server/src/seed/demoCatalog.ts and demoRetails.ts) found by name (their ids are
 * random), and retails and plans of a test's own, created through the API.
 */

/** The seeded "Tarjeta Banco Austral": sells Asistencia Hogar (pesos) and Asistencia Integral (UF), not Asistencia Mascota. */
export const austral = { name: "Tarjeta Banco Austral", rut: "97045000-9", shown: "97.045.000-9" } as const

export const signInAdmin = (server: RealServer) => server.signIn("admin@palma.cl")

/**
 * Forgets the requests made while arranging (sign-in, `server.api`): they go through the same
 * `fetch`, and the assertions are about what the page sent.
 */
export const arranged = (server: RealServer) => {
  server.requests.splice(0)
}

/**
 * What the page wrote to the catalog (retails, products, plans, formats), in order: every call
 * there but reads and searches. The session's own calls (refresh) are not writes of the screen.
 */
export const writes = (server: RealServer) =>
  server.requests.filter((r) => /^\/api\/(retail|product|fileFormat)\//.test(r.path) && r.method !== "GET" && r.path !== "/api/retail/getBySearchValues")

export const retailNamed = async (server: RealServer, name: string): Promise<Retail> => {
  const found = (await server.api<ReadonlyArray<Retail>>("GET", "/api/retail/getAll")).find((c) => c.name === name)
  if (found === undefined) throw new Error(`No existe el canal ${name}`)
  return found
}

export const retailById = (server: RealServer, id: string) => server.api<RetailDetail>("GET", `/api/retail/getById/${id}`)

export const productNamed = async (server: RealServer, name: string): Promise<ListedProduct> => {
  const found = (await server.api<ReadonlyArray<ListedProduct>>("GET", "/api/product/getAll")).find((p) => p.name === name)
  if (found === undefined) throw new Error(`No existe el producto ${name}`)
  return found
}

/** A 1×1 PNG: the server takes a logo by its bytes, so it must be a real image. */
export const pngBytes = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0)
)

/** Uploads `pngBytes` as the retail's logo, as the logo form posts it (multipart `id` and `file`). */
export const uploadLogo = async (retailId: string) => {
  const form = new FormData()
  form.set("id", retailId)
  form.set("file", new File([pngBytes], "logo.png", { type: "image/png" }), "logo.png")
  const response = await fetch("/api/retail/uploadLogo", { method: "POST", body: form })
  if (!response.ok) throw new Error(`POST /api/retail/uploadLogo: ${response.status} ${await response.text()}`)
}

export const familyId = async (server: RealServer, name: string): Promise<string> => {
  const found = (await server.api<ReadonlyArray<Family>>("GET", "/api/family/list")).find((f) => f.name === name)
  if (found === undefined) throw new Error(`No existe la familia ${name}`)
  return found.id
}

export const assistanceId = async (server: RealServer, name: string): Promise<string> => {
  const found = (await server.api<ReadonlyArray<Assistance>>("GET", "/api/assistance/getAll")).find((a) => a.name === name)
  if (found === undefined) throw new Error(`No existe el servicio ${name}`)
  return found.id
}

export interface NewProduct {
  readonly name: string
  /** The family's name (Hogar unless told). */
  readonly family?: string
  readonly currency: "P" | "U"
  /** In the product's currency: pesos as numbers, UF as texts with two decimals. */
  readonly cost: number | string
  readonly minInsuredCompanyPrice?: number | string
  readonly frequency?: "M" | "A" | "S"
  readonly term?: 12 | 24 | 36
  readonly dueDay?: number
  readonly assistances?: ReadonlyArray<{
    readonly id: string
    readonly amount: number | string
    readonly currency: "P" | "U"
    readonly maximum: number | string
    readonly events: number
    readonly lack: number
  }>
}

/** A product of the test's own, created as the product form posts one. */
export const createProduct = async (server: RealServer, product: NewProduct) => {
  const { family = "Hogar", minInsuredCompanyPrice = product.cost, frequency = "M", term = 12, dueDay = 5, assistances = [], ...rest } = product
  return server.api<Product>("POST", "/api/product/create", {
    ...rest,
    family_id: await familyId(server, family),
    minInsuredCompanyPrice,
    frequency,
    term,
    dueDay,
    beneficiaries: 0,
    assistances
  })
}

/**
 * What a retail sells (each product with its plan's id and prices), as the server keeps it:
 * `product/list` offers every product, with a plan only where the retail sells it.
 */
export const plansOf = async (server: RealServer, retailId: string) =>
  (await server.api<ReadonlyArray<OfferedProduct>>("GET", `/api/product/list/${retailId}`)).filter((p) => p.productPlan_id !== null)

/** A new retail (no logo, no plans). */
export const createRetail = (server: RealServer, rut: string, name: string) => server.api<RetailDetail>("POST", "/api/retail/create", { rut, name })

/** The plan of `product` at `retail`, prices in the product's currency (pesos as numbers, UF as texts). */
export const assignPlan = (
  server: RealServer,
  product: string,
  retail: string,
  [customerprice, companyprice, yearlyprice]: readonly [number | string, number | string, number | string]
) => server.api<AssignedPlan>("POST", "/api/product/assignPrices", { id: product, agent_id: retail, customerprice, companyprice, yearlyprice })

/**
 * A retail of the test's own that sells Asistencia Hogar ($12.345 / $10.000 / $120.000) and
 * Asistencia Integral (UF 1,25 / 1,00 / 14,50), like the seeded ones do but with its own rows.
 */
export const retailWithPlans = async (server: RealServer, rut: string, name: string) => {
  const retail = await createRetail(server, rut, name)
  const hogar = await productNamed(server, "Asistencia Hogar")
  const integral = await productNamed(server, "Asistencia Integral")
  const hogarPlan = await assignPlan(server, hogar.id, retail.id, [12345, 10000, 120000])
  const integralPlan = await assignPlan(server, integral.id, retail.id, ["1.25", "1.00", "14.50"])
  return { retail, hogar, integral, hogarPlan, integralPlan }
}
