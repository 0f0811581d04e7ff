import {
  FileFormatInput,
  type FileFormat,
  type FileFormatField,
  normalizeDistrictName,
  type Product,
  ProductPlanInput,
  type Retail,
  RetailInput,
  type RosterField,
  spanishIssues
} from "@palma/core"
import { Either, Schema } from "effect"
import { vi } from "vitest"
import { ana } from "../accounts"
import { type Account, sampleDistricts, startFakeServer } from "../fakeServer"

/**
 * The catalog endpoints of the Palma server (channels, products and their plans, roster fields,
 * file formats) behind `fetch`, over in-memory rows, on top of the shared auth fake (signed in as
 * an admin). Writes validate with the contract's Input schemas (400 with Spanish issues) like the
 * real server; `override` answers one "METHOD /path" differently (a refusal, a failure).
 */

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

const notFound = (message: string) => json(404, { _tag: "NotFound", message })

const badRequest = (error: Parameters<typeof spanishIssues>[0]) => {
  const issues = spanishIssues(error)
  return json(400, { _tag: "BadRequest", message: issues[0]?.message ?? "Datos inválidos", issues })
}

export const channel = (n: number, fields: Partial<Omit<Retail, "rut">> & { readonly rut: string; readonly name: string }): Retail => ({
  id: uuid(n),
  legalRepresentative: "",
  line: "",
  fantasyName: "",
  address: "",
  district: "",
  district_id: null,
  email: null,
  phone: null,
  logo: null,
  isActive: true,
  ...fields,
  rut: fields.rut as Retail["rut"]
})

export const product = (n: number, fields: Partial<Product> & Pick<Product, "name" | "currency">): Product => ({
  id: uuid(n),
  family_id: uuid(900),
  family_name: "Hogar",
  cost: fields.currency === "P" ? 1000 : ("0.10" as Product["cost"]),
  dynamiccharge: fields.currency === "P" ? 0 : ("0.00" as Product["cost"]),
  isSubject: false,
  frequency: "M",
  term: 12,
  beneficiaries: 0,
  dueDay: 5,
  minInsuredCompanyPrice: fields.currency === "P" ? 0 : ("0.00" as Product["cost"]),
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

export interface PlanSeed {
  readonly id: string
  readonly product_id: string
  readonly agent_id: string
  readonly customerPrice: number | string
  readonly companyPrice: number | string
  readonly yearlyPrice: number | string
}

export interface CatalogSeed {
  readonly channels?: ReadonlyArray<Retail>
  readonly products?: ReadonlyArray<Product>
  readonly plans?: ReadonlyArray<PlanSeed>
  /** The roster fields of every plan. */
  readonly fields?: ReadonlyArray<RosterField>
  /** Saved formats, by plan id. */
  readonly formats?: Readonly<Record<string, FileFormat>>
  readonly account?: Account
}

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly body: unknown
  /** The multipart fields of an upload. */
  readonly form: FormData | null
}

const personField = (field: string, label: string, format: string, required: boolean): RosterField => ({
  type: "ASE",
  id: field,
  name: label,
  format,
  field,
  label,
  kind: "person",
  valueType_code: null,
  required
})

/** The roster fields of every plan, as the server lists them (person fields, then a plan value). */
export const rosterFields: ReadonlyArray<RosterField> = [
  personField("rut", "RUT", "12.345.678-5", true),
  personField("name", "Nombre", "Texto", true),
  personField("paternalLastName", "Apellido paterno", "Texto", true),
  personField("maternalLastName", "Apellido materno", "Texto", false),
  personField("email", "Correo electrónico", "nombre@dominio.cl", false),
  { type: "VAL", id: uuid(700), name: "Patente", format: "Texto", field: uuid(700), label: "Patente", kind: "value", valueType_code: "S", required: false }
]

/** A saved column as the server answers it, for `field` among `fields`. */
export const savedColumn = (
  fields: ReadonlyArray<RosterField>,
  column: { readonly field: string; readonly header: string; readonly required: boolean },
  position: number
): FileFormatField => {
  const known = fields.find((f) => f.field === column.field)!
  return {
    id: uuid(5000 + position),
    field_db_name: known.kind === "person" ? known.field : "value",
    field_type: known.kind === "person" ? "insured" : "value",
    field_id: known.field,
    field_name: known.label,
    field_format: known.format,
    header: column.header,
    required: column.required,
    position
  }
}

const readBody = async (input: RequestInfo | URL, init: RequestInit | undefined): Promise<{ body: unknown; form: FormData | null }> => {
  const raw = init?.body ?? (input instanceof Request ? await input.text() : undefined)
  if (raw instanceof FormData) return { body: undefined, form: raw }
  if (raw === undefined || raw === null) return { body: undefined, form: null }
  const text = typeof raw === "string" ? raw : new TextDecoder().decode(raw as Uint8Array)
  return { body: text === "" ? undefined : JSON.parse(text), form: null }
}

const catalogPath = /^\/api\/(retail|product|field|fileFormat)\//

export const startCatalogServer = (seed: CatalogSeed = {}) => {
  const account = seed.account ?? ana
  const auth = startFakeServer({ accounts: [account] })
  auth.signedIn = account
  const authFetch = globalThis.fetch
  let next = 1000
  // Copies: tests share their seeds, and writes change these rows.
  const channels: Retail[] = (seed.channels ?? []).map((c) => ({ ...c }))
  const products: Product[] = (seed.products ?? []).map((p) => ({ ...p }))
  const plans: Array<PlanSeed & { isActive: boolean }> = (seed.plans ?? []).map((p) => ({ ...p, isActive: true }))
  const formats = new Map<string, FileFormat>(Object.entries(seed.formats ?? {}))
  const fields = seed.fields ?? rosterFields

  const server = {
    channels,
    plans,
    formats,
    requests: [] as RecordedRequest[],
    override: new Map<string, () => Response>(),
    /** Requests matching "METHOD /api/x/y". */
    calls: (what: string) => server.requests.filter((r) => `${r.method} ${r.path}` === what),
    /** Every write (not GET), in order. */
    writes: () => server.requests.filter((r) => r.method !== "GET" && !(r.method === "POST" && r.path === "/api/retail/getBySearchValues"))
  }

  const active = () => channels.filter((c) => c.isActive)
  const productOf = (id: string) => products.find((p) => p.id === id)
  const planView = (p: PlanSeed) => {
    const prod = productOf(p.product_id)!
    const agent = channels.find((c) => c.id === p.agent_id)!
    return {
      id: p.id,
      product_id: p.product_id,
      product_name: prod.name,
      agent_id: p.agent_id,
      agent_name: agent.name,
      currency: prod.currency,
      customerPrice: p.customerPrice,
      companyPrice: p.companyPrice,
      yearlyPrice: p.yearlyPrice,
      isActive: true
    }
  }
  const activePlans = () => plans.filter((p) => p.isActive)
  /** `assignPrices` answers the plan, and its prices as the original's `{success, data}`. */
  const assigned = (p: PlanSeed) => {
    const price = (amount: PlanSeed["customerPrice"]) => ({ id: p.id, price: amount, product_plan_id: p.id })
    return { ...planView(p), success: true, data: { customer: price(p.customerPrice), company: price(p.companyPrice), yearly: price(p.yearlyPrice) } }
  }
  /** A channel as `getById` answers it: with the products it sells and no users. */
  const detail = (c: Retail) => ({
    ...c,
    products: activePlans()
      .filter((p) => p.agent_id === c.id)
      .map((p) => {
        const view = planView(p)
        return {
          id: p.product_id,
          product_id: p.product_id,
          name: view.product_name,
          productplan_id: p.id,
          currency: view.currency,
          frequency: productOf(p.product_id)!.frequency,
          price: p.customerPrice,
          companyPrice: p.companyPrice,
          yearlyPrice: p.yearlyPrice,
          subscriptions: 0
        }
      }),
    users: []
  })
  /** The comuna a create names (by CUT code or name), as the server answers it. */
  const districtOf = (ref: string | null) => {
    const found = ref === null ? undefined : sampleDistricts.find((d) => d.id.padStart(5, "0") === ref || normalizeDistrictName(d.district_name) === normalizeDistrictName(ref))
    return { district: found?.district_name ?? "", district_id: found?.id.padStart(5, "0") ?? null }
  }

  const route = async (method: string, path: string, body: unknown, form: FormData | null): Promise<Response> => {
    const [, group, action, id] = /^\/api\/(\w+)\/(\w+)(?:\/([^/]+))?$/.exec(path) ?? []
    switch (`${method} ${group}/${action}`) {
      case "GET retail/getAll":
        return json(200, active())
      case "POST retail/getBySearchValues": {
        const { rut, name } = body as { rut: string | null; name: string | null }
        const digits = (rut ?? "").replace(/[^0-9kK]/g, "")
        return json(
          200,
          active()
            .filter((c) => (digits === "" || c.rut.replace("-", "").includes(digits)) && (name === null || name.trim() === "" || c.name.toLowerCase().includes(name.toLowerCase())))
            .map((c) => ({ ...c, products: detail(c).products.length, insured: 0 }))
        )
      }
      case "GET retail/getById": {
        const found = active().find((c) => c.id === id)
        return found ? json(200, detail(found)) : notFound("No se encontró el canal")
      }
      case "GET retail/getByRut": {
        const found = active().find((c) => c.rut === decodeURIComponent(id ?? ""))
        return found ? json(200, detail(found)) : notFound("No se encontró el canal")
      }
      case "POST retail/create": {
        const decoded = Schema.decodeUnknownEither(RetailInput)(body)
        if (Either.isLeft(decoded)) return badRequest(decoded.left)
        const input = { ...decoded.right, ...districtOf(decoded.right.district) }
        const current = channels.find((c) => c.rut === input.rut)
        if (current !== undefined) {
          Object.assign(current, input, { isActive: true })
          return json(200, detail(current))
        }
        const created: Retail = { id: uuid(next++), ...input, isActive: true }
        channels.push(created)
        return json(200, detail(created))
      }
      case "DELETE retail/deleteById": {
        const found = active().find((c) => c.id === id)
        if (found === undefined) return notFound("No se encontró el canal")
        Object.assign(found, { isActive: false })
        return json(200, found)
      }
      case "POST retail/uploadLogo": {
        const target = active().find((c) => c.id === form?.get("id"))
        if (target === undefined) return notFound("No se encontró el canal")
        Object.assign(target, { logo: `/api/retail/logo/${target.id}` })
        return json(200, detail(target))
      }
      case "GET retail/getProductsAndRetail":
        return json(
          200,
          active().map((c) => {
            const sold = activePlans().filter((p) => p.agent_id === c.id)
            return { id: c.id, rut: c.rut, name: c.name, products: sold.map((p) => ({ id: p.product_id, name: planView(p).product_name, productplan_id: p.id })), plans: sold.map(planView) }
          })
        )
      case "GET product/getAll":
        // The plans' prices (`product_plans`) are not read by the channel's screens.
        return json(200, products.map((p) => ({ ...p, product_plans: [] })))
      case "GET product/list":
        return json(
          200,
          activePlans()
            .filter((p) => p.agent_id === id)
            .map((p) => {
              const view = planView(p)
              return {
                ...productOf(p.product_id)!,
                productPlan_id: p.id,
                agent_id: p.agent_id,
                agent_name: view.agent_name,
                customerPrice: p.customerPrice,
                companyPrice: p.companyPrice,
                yearlyPrice: p.yearlyPrice,
                price: { customer: p.customerPrice, company: p.companyPrice },
                plan: { customer: { id: p.id, price: p.customerPrice }, company: { id: p.id, price: p.companyPrice }, yearly: { id: p.id, price: p.yearlyPrice } }
              }
            })
        )
      case "POST product/assignPrices": {
        const decoded = Schema.decodeUnknownEither(ProductPlanInput)(body)
        if (Either.isLeft(decoded)) return badRequest(decoded.left)
        const input = decoded.right
        const prices = { customerPrice: input.customerprice, companyPrice: input.companyprice, yearlyPrice: input.yearlyprice }
        const current = activePlans().find((p) => p.product_id === input.id && p.agent_id === input.agent_id)
        if (current !== undefined) {
          Object.assign(current, prices)
          return json(200, assigned(current))
        }
        const created = { id: uuid(next++), product_id: input.id, agent_id: input.agent_id, ...prices, isActive: true }
        plans.push(created)
        return json(200, assigned(created))
      }
      case "DELETE product/deletePlan": {
        const found = activePlans().find((p) => p.id === id)
        if (found === undefined) return notFound("No se encontró el plan")
        found.isActive = false
        return json(200, planView(found))
      }
      case "GET product/getContract":
        return activePlans().some((p) => p.id === id) ? json(200, { base64: "JVBERi0xLjQK" }) : notFound("No se encontró el plan")
      case "GET field/getByProductPlanId":
        return activePlans().some((p) => p.id === id) ? json(200, fields) : notFound("No se encontró el plan")
      case "GET fileFormat/getByProductPlanId":
        return activePlans().some((p) => p.id === id) ? json(200, formats.get(id ?? "") ?? []) : notFound("No se encontró el plan")
      case "POST fileFormat/create": {
        const decoded = Schema.decodeUnknownEither(FileFormatInput)(body)
        if (Either.isLeft(decoded)) return badRequest(decoded.left)
        const input = decoded.right
        const saved: FileFormat = input.fields.map((f, i) =>
          savedColumn(fields, { field: f.field_id, header: f.header ?? fields.find((k) => k.field === f.field_id)!.label, required: f.required }, i + 1)
        )
        formats.set(input.productPlan_id, saved)
        return json(200, saved)
      }
      case "DELETE fileFormat/deleteByProductPlanId": {
        if (!formats.has(id ?? "")) return notFound("El plan no tiene formato de archivo")
        formats.delete(id ?? "")
        return json(200, true)
      }
      case "GET fileFormat/template":
        return formats.has(id ?? "")
          ? new Response(new Uint8Array([80, 75, 3, 4]), {
              status: 200,
              headers: { "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }
            })
          : notFound("El plan no tiene formato de archivo")
      default:
        return notFound("No existe")
    }
  }

  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), location.origin)
    if (!catalogPath.test(url.pathname)) return authFetch(input, init)
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase()
    const { body, form } = await readBody(input, init)
    server.requests.push({ method, path: url.pathname, body, form })
    const override = server.override.get(`${method} ${url.pathname}`)
    if (override !== undefined) return override()
    return route(method, url.pathname, body, form)
  })
  return server
}

export type CatalogServer = ReturnType<typeof startCatalogServer>
