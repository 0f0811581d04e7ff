import {
  DocumentInput,
  PalmaApi,
  FamilyInput,
  type MasterName,
  SpecialtyInput,
  spanishIssues,
  StageInput,
  ValueInput,
  ValueTypeInput
} from "@palma/core"
import { Either, Schema } from "effect"
import { vi } from "vitest"
import { ana } from "../accounts"
import { startFakeServer } from "../fakeServer"

/**
 * The master endpoints of the Palma server behind `fetch`, over in-memory rows, on top of the
 * shared auth fake (signed in as an admin). Like the real server: `page` searches, filters,
 * sorts and paginates; writes validate with the contract's Input schemas (400 with Spanish
 * issues), refuse duplicate active names (409) and unknown ids (404); delete deactivates.
 */

type Row = Record<string, unknown> & { id: string; isActive: boolean }

interface Table {
  readonly input: Schema.Schema<any, any> // eslint-disable-line @typescript-eslint/no-explicit-any
  readonly sortable: ReadonlyArray<string>
  readonly searchable: ReadonlyArray<string>
  /** Fields that together are unique among active rows. */
  readonly unique: ReadonlyArray<string>
  readonly conflict: string
  readonly label: string
}

const tables: Partial<Record<MasterName, Table>> = {
  family: { input: FamilyInput, sortable: ["name"], searchable: ["name"], unique: ["name"], conflict: "Ya existe una familia activa con ese nombre", label: "La familia" },
  specialty: {
    input: SpecialtyInput,
    sortable: ["name", "family_name"],
    searchable: ["name", "family_name", "description"],
    unique: ["family_id", "name"],
    conflict: "Ya existe una especialidad activa con ese nombre en la familia",
    label: "La especialidad"
  },
  document: {
    input: DocumentInput,
    sortable: ["name", "family_name"],
    searchable: ["name", "family_name", "description"],
    unique: ["family_id", "name"],
    conflict: "Ya existe un documento activo con ese nombre en la familia",
    label: "El documento"
  },
  valueType: { input: ValueTypeInput, sortable: ["code", "name"], searchable: ["code", "name"], unique: ["code"], conflict: "Ya existe un tipo de valor activo con ese código", label: "El tipo de valor" },
  value: {
    input: ValueInput,
    sortable: ["name", "family_name", "valueType_name"],
    searchable: ["name", "family_name", "valueType_name", "description"],
    unique: ["family_id", "name"],
    conflict: "Ya existe un valor activo con ese nombre en la familia",
    label: "El valor"
  },
  stage: { input: StageInput, sortable: ["number", "name", "code"], searchable: ["code", "name"], unique: ["code"], conflict: "Ya existe una etapa activa con ese código", label: "La etapa" }
}

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly params: URLSearchParams
  readonly body: unknown
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`

export type Seed = Partial<Record<MasterName, ReadonlyArray<Record<string, unknown>>>>

export const startMasterServer = (seed: Seed = {}) => {
  const auth = startFakeServer({ accounts: [ana] })
  auth.signedIn = ana
  const authFetch = globalThis.fetch
  let next = 1
  const rows = new Map<MasterName, Row[]>()
  for (const [name, items] of Object.entries(seed) as Array<[MasterName, ReadonlyArray<Record<string, unknown>>]>)
    rows.set(name, items.map((item) => ({ id: uuid(next++), isActive: true, description: "", ...item }) as Row))
  const table = (name: MasterName) => rows.get(name) ?? (rows.set(name, []), rows.get(name)!)

  /** Joined names, as the server's views add them. */
  const view = (name: MasterName, row: Row): Row => {
    const family = row.family_id ? table("family").find((f) => f.id === row.family_id) : undefined
    const valueType = row.valuetype_code ? table("valueType").find((t) => t.code === row.valuetype_code) : undefined
    return {
      ...row,
      ...(name !== "family" && row.family_id !== undefined ? { family_name: family?.name ?? "", family: { id: row.family_id, name: family?.name ?? "" } } : {}),
      ...(row.valuetype_code !== undefined ? { valueType_id: valueType?.id ?? "", valueType_name: valueType?.name ?? "" } : {})
    }
  }

  const server = {
    rows,
    /** Every call to a master endpoint, in order. */
    requests: [] as RecordedRequest[],
    /** Answers requests matching "METHOD /path" with this response instead, until deleted. */
    override: new Map<string, () => Response>(),
    /** Holds `page` answers until released, to see the loading state. */
    hold: null as Promise<void> | null,
    /** Rows of a master, by name, for assertions. */
    named: (name: MasterName) => table(name).filter((r) => r.isActive).map((r) => String(r.name)),
    idOf: (name: MasterName, label: string) => table(name).find((r) => r.name === label)!.id,
    /** Requests matching "METHOD /api/x/y". */
    calls: (what: string) => server.requests.filter((r) => `${r.method} ${r.path}` === what)
  }

  const page = (name: MasterName, spec: Table, params: URLSearchParams) => {
    const term = (params.get("search") ?? "").trim().toLowerCase()
    const family = params.get("family_id")
    const sort = spec.sortable.includes(params.get("sort") ?? "") ? params.get("sort")! : spec.sortable[0]!
    const desc = params.get("order") === "desc"
    const pageSize = Number(params.get("pageSize") ?? 20)
    const pageNumber = Number(params.get("page") ?? 1)
    const found = table(name)
      .filter((r) => r.isActive)
      .map((r) => view(name, r))
      .filter((r) => (family ? r.family_id === family : true))
      .filter((r) => (term ? spec.searchable.some((f) => String(r[f] ?? "").toLowerCase().includes(term)) : true))
      .sort((a, b) => {
        const x = a[sort] as string | number
        const y = b[sort] as string | number
        const c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y), "es")
        return (desc ? -c : c) || a.id.localeCompare(b.id)
      })
    return { items: found.slice((pageNumber - 1) * pageSize, pageNumber * pageSize), total: found.length, page: pageNumber, pageSize }
  }

  const write = (name: MasterName, spec: Table, body: unknown, id?: string): Response => {
    const decoded = Schema.decodeUnknownEither(spec.input, { errors: "all" })(body)
    if (Either.isLeft(decoded)) {
      const issues = spanishIssues(decoded.left)
      return json(400, { _tag: "BadRequest", message: issues[0]?.message ?? "Datos inválidos", issues })
    }
    const input = decoded.right as Record<string, unknown>
    const current = id === undefined ? undefined : table(name).find((r) => r.id === id && r.isActive)
    if (id !== undefined && current === undefined) return json(404, { _tag: "NotFound", message: `${spec.label} no existe o fue eliminado` })
    const clash = table(name).some(
      (r) => r.isActive && r.id !== id && spec.unique.every((f) => String(r[f]).toLowerCase() === String(input[f]).toLowerCase())
    )
    if (clash) return json(409, { _tag: "Conflict", message: spec.conflict })
    if (current !== undefined) {
      Object.assign(current, input)
      return json(200, view(name, current))
    }
    // The real server derives what the seed's `{name}`-only stage leaves out; here a stand-in.
    const derived = name === "stage" ? { code: `stage_${next}`, number: table(name).length + 1 } : {}
    const row = { id: uuid(next++), isActive: true, ...derived, ...input } as Row
    table(name).push(row)
    return json(200, view(name, row))
  }

  const handle = async (method: string, name: MasterName, action: string, id: string | undefined, params: URLSearchParams, body: unknown) => {
    const spec = tables[name]
    if (spec === undefined) return json(404, { _tag: "NotFound", message: "No existe" })
    switch (`${method} ${action}`) {
      case "GET list":
      case "GET getByFamilyId":
        return json(
          200,
          page(name, spec, new URLSearchParams({ pageSize: "1000", ...(params.get("family_id") ? { family_id: params.get("family_id")! } : {}) })).items
        )
      case "GET getById": {
        const row = table(name).find((r) => r.id === id && r.isActive)
        return row === undefined ? json(404, { _tag: "NotFound", message: `${spec.label} no existe o fue eliminado` }) : json(200, view(name, row))
      }
      case "GET page":
        if (server.hold !== null) await server.hold
        return json(200, page(name, spec, params))
      case "POST create":
        return write(name, spec, body)
      case "PUT update":
        return write(name, spec, body, id)
      case "DELETE delete": {
        const row = table(name).find((r) => r.id === id && r.isActive)
        if (row === undefined) return json(404, { _tag: "NotFound", message: `${spec.label} no existe o fue eliminado` })
        row.isActive = false
        return json(200, view(name, row))
      }
      default:
        return json(404, { _tag: "NotFound", message: "No existe" })
    }
  }

  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), location.origin)
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase()
    const match = routeOf(method, url.pathname)
    if (match === null) return authFetch(input, init)
    const raw = init?.body ?? (input instanceof Request ? await input.text() : undefined)
    const text = raw === undefined || raw === null ? "" : typeof raw === "string" ? raw : new TextDecoder().decode(raw as Uint8Array)
    const body: unknown = text === "" ? undefined : JSON.parse(text)
    server.requests.push({ method, path: url.pathname, params: url.searchParams, body })
    const override = server.override.get(`${method} ${url.pathname}`)
    if (override !== undefined) return override()
    const bodyId = typeof body === "object" && body !== null && "id" in body ? String(body.id) : undefined
    const familyFilter = match.familyId === undefined ? url.searchParams : new URLSearchParams({ family_id: match.familyId })
    return handle(method, match.name, match.action, match.id ?? bodyId, familyFilter, body)
  })
  return server
}

/** The master endpoint a request is for, read from the contract so the fake follows its paths. */
const routes = Object.keys(tables).flatMap((name) =>
  Object.values(PalmaApi.groups[name]?.endpoints ?? {}).map((endpoint) => ({
    name: name as MasterName,
    action: endpoint.name,
    method: endpoint.method,
    pattern: new RegExp(`^${endpoint.path.replace(/:(\w+)/g, "(?<$1>[^/]+)")}$`)
  }))
)
const routeOf = (method: string, path: string) => {
  for (const route of routes) {
    const found = route.method === method ? route.pattern.exec(path) : null
    if (found !== null) return { name: route.name, action: route.action, id: found.groups?.id, familyId: found.groups?.family_id }
  }
  return null
}

export type MasterServer = ReturnType<typeof startMasterServer>

export { json }
