import type { Assistance, Document, Family, Specialty, Value } from "@palma/core"
import type { RealServer } from "../realServer"
import { renderApp } from "../renderApp"

/**
 * What the servicio tests arrange on the real server: the demo catalog's families, values,
 * specialties, documents and services (packages/server/src/seed/demoMasters.ts, demoCatalog.ts),
 * found by name because their ids are random, and services of a test's own created through the
 * API as the form posts them.
 */

/**
 * Forgets the requests made while arranging (sign-in, `server.api`): they go through the same
 * `fetch`, and the assertions are about what the page sent.
 */
export const arranged = (server: RealServer) => {
  server.requests.splice(0)
}

/** Opens the Servicios screen (with its query string) as the demo admin, nothing recorded yet. */
export const openServices = async (server: RealServer, query = "") => {
  await server.signIn("admin@palma.cl")
  arranged(server)
  return renderApp(`/masters/assistance${query}`)
}

export const familyId = async (server: RealServer, name: string): Promise<string> => {
  const found = (await server.api<ReadonlyArray<Family>>("GET", "/api/family/list")).find((f) => f.name === name)
  if (found === undefined) throw new Error(`No existe la familia ${name}`)
  return found.id
}

const idByName = (rows: ReadonlyArray<{ readonly id: string; readonly name: string }>, what: string) => (name: string) => {
  const found = rows.find((r) => r.name === name)
  if (found === undefined) throw new Error(`No existe ${what} ${name}`)
  return found.id
}

/** A family's id and the ids of its values, specialties and documents by name, as the server lists them. */
export const familyMembers = async (server: RealServer, family: string) => {
  const family_id = await familyId(server, family)
  const query = `?family_id=${family_id}`
  const [values, specialties, documents] = await Promise.all([
    server.api<ReadonlyArray<Value>>("GET", `/api/value/getAll${query}`),
    server.api<ReadonlyArray<Specialty>>("GET", `/api/specialty/getAllSpecialties${query}`),
    server.api<ReadonlyArray<Document>>("GET", `/api/document/getAllDocuments${query}`)
  ])
  return {
    family_id,
    value: idByName(values, `el valor de ${family}`),
    specialty: idByName(specialties, `la especialidad de ${family}`),
    document: idByName(documents, `el documento de ${family}`)
  }
}

/** A service of a test's own: its family and masters by name. */
export interface NewAssistance {
  readonly family: string
  readonly name: string
  readonly description?: string
  readonly values?: ReadonlyArray<string>
  readonly specialties?: ReadonlyArray<string>
  readonly documents?: ReadonlyArray<string>
  readonly benefits?: ReadonlyArray<string>
  readonly exclusions?: ReadonlyArray<string>
}

/** Creates the service through the API, in Palma's spelling (the form's). */
export const createAssistance = async (server: RealServer, a: NewAssistance): Promise<Assistance> => {
  const m = await familyMembers(server, a.family)
  return server.api<Assistance>("POST", "/api/assistance/create", {
    family_id: m.family_id,
    name: a.name,
    description: a.description ?? "",
    values: (a.values ?? []).map(m.value),
    specialties: (a.specialties ?? []).map(m.specialty),
    documents: (a.documents ?? []).map(m.document),
    benefits: a.benefits ?? [],
    exclusions: a.exclusions ?? []
  })
}

/** The active services as the server lists them. */
export const assistances = (server: RealServer) => server.api<ReadonlyArray<Assistance>>("GET", "/api/assistance/getAll")

/** The active service of that name (in that family when told), as the server has it now. */
export const assistanceNamed = async (server: RealServer, name: string, family?: string): Promise<Assistance> => {
  const found = (await assistances(server)).find((a) => a.name === name && (family === undefined || a.family_name === family))
  if (found === undefined) throw new Error(`No existe el servicio ${name}`)
  return found
}

/** A stored service by names, its values in asking order: what a person would read back. */
export const readable = (a: Assistance) => ({
  family: a.family_name,
  name: a.name,
  description: a.description,
  values: [...a.values].sort((x, y) => x.position - y.position).map((v) => v.name),
  specialties: a.specialties.map((s) => s.name),
  documents: a.documents.map((d) => d.name),
  benefits: a.benefits.map((b) => b.description),
  exclusions: a.exclusions.map((e) => e.description)
})
