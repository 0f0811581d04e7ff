import { type PartnerDetail, type ProviderSpecialty, type SpecialistDetail, Rut } from "@palma/core"
import { screen, within } from "@testing-library/react"
import type { RealServer } from "../realServer"
import { renderApp } from "../renderApp"

/**
 * What the specialist and partner screen tests arrange on the real server: the demo specialties
 * found by name (their ids are random) and providers of a test's own, created through the seed's
 * `create` as the screens post them.
 */

/** A valid RUT (módulo 11) with this body, canonical ("21345678-4"). */
export const rutOf = (body: string) => `${body}-${Rut.checkDigit(body)}`

/** Forgets the requests made while arranging: the assertions are about what the page sent. */
export const arranged = (server: RealServer) => {
  server.requests.splice(0)
}

/** Opens `path` as the demo admin, nothing recorded yet. */
export const openAsAdmin = async (server: RealServer, path: string) => {
  await server.signIn("admin@palma.cl")
  arranged(server)
  return renderApp(path)
}

export const specialtyId = async (server: RealServer, name: string): Promise<string> => {
  const found = (await server.api<ReadonlyArray<ProviderSpecialty>>("GET", "/api/specialist/getFamilies")).find((s) => s.name === name)
  if (found === undefined) throw new Error(`No existe la especialidad ${name}`)
  return found.id
}

export interface NewSpecialist {
  readonly rut: string
  readonly name: string
  readonly paternalLastName: string
  readonly maternalLastName?: string
  readonly specialties: ReadonlyArray<string>
  readonly districts?: ReadonlyArray<string>
  readonly isRemote?: boolean
  readonly district?: string
}

/** A specialist of the test's own; specialties by name, comunas by CUT code. */
export const createSpecialist = async (server: RealServer, { specialties, ...specialist }: NewSpecialist) =>
  server.api<SpecialistDetail>("POST", "/api/specialist/create", {
    ...specialist,
    specialties: await Promise.all(specialties.map((name) => specialtyId(server, name)))
  })

export const createPartner = async (server: RealServer, rut: string, name: string, specialties: ReadonlyArray<string>) =>
  server.api<PartnerDetail>("POST", "/api/partner/create", { rut, name, specialties: await Promise.all(specialties.map((s) => specialtyId(server, s))) })

/** The names in the list's Nombre column, in order. */
export const namesIn = (table: string) =>
  within(screen.getByRole("table", { name: table }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[1]!.textContent)
