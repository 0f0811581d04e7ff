import { type Assistance, type AssistanceInput, AssistanceUpdate, AssistanceUpsert, spanishIssues } from "@palma/core"
import { Either, type ParseResult, Schema } from "effect"
import { vi } from "vitest"
import { json, type RecordedRequest, type Seed, startMasterServer } from "../masters/fakeMasters"

/**
 * The assistance endpoints of the Palma server (`/api/assistance/…`) behind `fetch`, over
 * in-memory rows, on top of the master fake (families, values, specialties, documents; signed in
 * as an admin). Like the real server: writes validate with the contract's payloads (400 with
 * Spanish issues), `create` updates when the body names an assistance, `updateById` takes the id
 * in the body and keeps the lists it leaves out; masters of another family are refused (400, issue
 * on the item), unknown families (404) and duplicate names in a family (409); delete deactivates,
 * refused (409) while `coveredBy` names an active product covering it.
 */

export interface AssistanceSeed {
  readonly family: string
  readonly name: string
  readonly description?: string
  /** Names of values, specialties and documents of the family. */
  readonly values?: ReadonlyArray<string>
  readonly specialties?: ReadonlyArray<string>
  readonly documents?: ReadonlyArray<string>
  readonly benefits?: ReadonlyArray<string>
  readonly exclusions?: ReadonlyArray<string>
}

export const assistanceId = (n: number) => `20000000-0000-4000-8000-${String(n).padStart(12, "0")}`
const textId = (n: number) => `40000000-0000-4000-8000-${String(n).padStart(12, "0")}`

/** Endpoints another fake adds on top (products, channels…), recorded with the assistance calls. */
export interface Extra {
  readonly owns: (path: string) => boolean
  readonly handle: (method: string, path: string, body: unknown) => Response
}

const readBody = async (input: RequestInfo | URL, init: RequestInit | undefined): Promise<unknown> => {
  const raw = init?.body ?? (input instanceof Request ? await input.text() : undefined)
  if (raw === undefined || raw === null) return undefined
  const text = typeof raw === "string" ? raw : new TextDecoder().decode(raw as Uint8Array)
  return text === "" ? undefined : JSON.parse(text)
}

/** A value, specialty or document of a family; a value names its type by code. */
export interface MemberSeed {
  readonly kind: "value" | "specialty" | "document"
  readonly family: string
  readonly name: string
  readonly type?: string
}

export interface AssistanceServerSeed {
  readonly masters?: Seed
  readonly members?: ReadonlyArray<MemberSeed>
  readonly assistances?: ReadonlyArray<AssistanceSeed>
}

const memberId = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, "0")}`

export const startAssistanceServer = (seed: AssistanceServerSeed = {}, extra?: Extra) => {
  const masters = startMasterServer(seed.masters)
  ;(seed.members ?? []).forEach((m, i) => {
    const rows = masters.rows.get(m.kind) ?? (masters.rows.set(m.kind, []), masters.rows.get(m.kind)!)
    // A value names its type by code, as the seed does; the master fake joins the type's name.
    rows.push({ id: memberId(i + 1), isActive: true, description: "", family_id: masters.idOf("family", m.family), name: m.name, ...(m.type ? { valuetype_code: m.type } : {}) })
  })
  const masterFetch = globalThis.fetch
  const active = (name: "family" | "value" | "specialty" | "document") => (masters.rows.get(name) ?? []).filter((r) => r.isActive)
  const idIn = (name: "value" | "specialty" | "document", family_id: string) => (label: string) =>
    active(name).find((r) => r.name === label && r.family_id === family_id)!.id
  const familyName = (id: string) => String(active("family").find((f) => f.id === id)?.name ?? "")

  let next = 1
  let nextText = 1
  const nameIn = (name: "value" | "specialty" | "document") => (id: string) => ({
    id,
    name: String(active(name).find((r) => r.id === id)?.name ?? "")
  })
  const texts = (list: ReadonlyArray<string>) => list.map((description) => ({ id: textId(nextText++), description }))

  /** The row an assistance reads as, from what is written (ids and texts, in order). */
  const rowOf = (id: string, input: Required<AssistanceInput>): Assistance => ({
    id,
    name: input.name,
    description: input.description,
    family: { id: input.family_id, name: familyName(input.family_id) },
    family_id: input.family_id,
    family_name: familyName(input.family_id),
    values: input.values.map(nameIn("value")).map((v, i) => ({ ...v, position: i + 1 })),
    specialties: input.specialties.map(nameIn("specialty")),
    documents: input.documents.map(nameIn("document")),
    benefits: texts(input.benefits),
    exclusions: texts(input.exclusions),
    isActive: true
  })

  const assistances: Assistance[] = (seed.assistances ?? []).map((a) => {
    const family_id = masters.idOf("family", a.family)
    return rowOf(assistanceId(next++), {
      family_id,
      name: a.name,
      description: a.description ?? "",
      values: (a.values ?? []).map(idIn("value", family_id)),
      specialties: (a.specialties ?? []).map(idIn("specialty", family_id)),
      documents: (a.documents ?? []).map(idIn("document", family_id)),
      benefits: [...(a.benefits ?? [])],
      exclusions: [...(a.exclusions ?? [])]
    })
  })

  const server = {
    ...masters,
    assistances,
    /** Every call to an assistance endpoint (and the extra ones), in order. */
    catalog: [] as RecordedRequest[],
    /** Answers "METHOD /path" with this response instead, until deleted. */
    refuse: new Map<string, () => Response>(),
    /** Names of active products covering an assistance, by its id (delete is refused while any). */
    coveredBy: new Map<string, string>(),
    /** Requests matching "METHOD /api/x/y" among the catalog calls. */
    catalogCalls: (what: string) => server.catalog.filter((r) => `${r.method} ${r.path}` === what),
    assistanceId: (name: string) => assistances.find((a) => a.name === name)!.id,
    masterId: masters.idOf
  }

  const write = (decoded: Either.Either<AssistanceUpsert, ParseResult.ParseError>): Response => {
    if (Either.isLeft(decoded)) {
      const issues = spanishIssues(decoded.left)
      return json(400, { _tag: "BadRequest", message: issues[0]?.message ?? "Datos inválidos", issues })
    }
    const { id, ...given } = decoded.right
    const at = assistances.findIndex((a) => a.id === id && a.isActive)
    if (id !== undefined && at < 0) return json(404, { _tag: "NotFound", message: "No se encontró el servicio" })
    const current = assistances[at]
    // What the body leaves out is kept as stored.
    const input: Required<AssistanceInput> = {
      family_id: given.family_id,
      name: given.name,
      description: given.description ?? current?.description ?? "",
      values: given.values ?? current?.values.map((v) => v.id) ?? [],
      specialties: given.specialties ?? current?.specialties.map((m) => m.id) ?? [],
      documents: given.documents ?? current?.documents.map((m) => m.id) ?? [],
      benefits: given.benefits ?? current?.benefits.map((b) => b.description) ?? [],
      exclusions: given.exclusions ?? current?.exclusions.map((e) => e.description) ?? []
    }
    const family = active("family").find((f) => f.id === input.family_id)
    if (family === undefined) return json(404, { _tag: "NotFound", message: "La familia indicada no existe o está inactiva" })
    const issues = (
      [
        ["values", "value", "El valor"],
        ["specialties", "specialty", "La especialidad"],
        ["documents", "document", "El documento"]
      ] as const
    ).flatMap(([field, table, noun]) =>
      input[field].flatMap((memberId, index) => {
        const member = active(table).find((m) => m.id === memberId)
        return member !== undefined && member.family_id !== input.family_id
          ? [{ path: [field, index], message: `${noun} «${String(member.name)}» no pertenece a la familia ${String(family.name)}` }]
          : []
      })
    )
    if (issues.length > 0) return json(400, { _tag: "BadRequest", message: issues[0]!.message, issues })
    const clash = assistances.some(
      (a) => a.isActive && a.id !== id && a.family_id === input.family_id && a.name.toLowerCase() === input.name.toLowerCase()
    )
    if (clash) return json(409, { _tag: "Conflict", message: "Ya existe un servicio activo con ese nombre en la familia" })
    const row = rowOf(id ?? assistanceId(next++), input)
    if (at >= 0) assistances[at] = row
    else assistances.push(row)
    return json(200, row)
  }

  const handle = (method: string, path: string, body: unknown): Response => {
    const [, , , action, id] = path.split("/")
    switch (`${method} ${action}`) {
      case "GET getAll":
        return json(200, assistances.filter((a) => a.isActive))
      case "POST create":
        return write(Schema.decodeUnknownEither(AssistanceUpsert, { errors: "all" })(body))
      case "PUT updateById":
        return write(Schema.decodeUnknownEither(AssistanceUpdate, { errors: "all" })(body))
      case "DELETE deleteById": {
        const at = assistances.findIndex((a) => a.id === id && a.isActive)
        if (at < 0) return json(404, { _tag: "NotFound", message: "El servicio no existe o fue eliminado" })
        const product = server.coveredBy.get(id!)
        if (product !== undefined)
          return json(409, { _tag: "Conflict", message: `No se puede eliminar: el producto «${product}» cubre este servicio` })
        assistances[at] = { ...assistances[at]!, isActive: false }
        return json(200, assistances[at])
      }
      default:
        return json(404, { _tag: "NotFound", message: "No existe" })
    }
  }

  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), location.origin)
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase()
    const ours = url.pathname.startsWith("/api/assistance/")
    if (!ours && extra?.owns(url.pathname) !== true) return masterFetch(input, init)
    const body = await readBody(input, init)
    server.catalog.push({ method, path: url.pathname, params: url.searchParams, body })
    const refusal = server.refuse.get(`${method} ${url.pathname}`)
    if (refusal !== undefined) return refusal()
    return ours ? handle(method, url.pathname, body) : extra!.handle(method, url.pathname, body)
  })
  return server
}

export type AssistanceServer = ReturnType<typeof startAssistanceServer>
export { json }
