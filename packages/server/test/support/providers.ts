import { expect } from "vitest"
import { send } from "../security/http.js"

type Json = Record<string, unknown>

/** Raw JSON calls to `/api…` as the original client makes them, with the token of whoever is calling. */
export const rawApi = (baseUrl: () => string, adminToken: () => string) => {
  const raw = (method: string, path: string, body?: unknown, token = adminToken()) =>
    send(baseUrl(), method, `/api${path}`, { token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  /** A call that must answer 200; its JSON body. */
  const call = async <A = Json>(method: string, path: string, body?: unknown, token = adminToken()): Promise<A> => {
    const response = await raw(method, path, body, token)
    expect(response.status, `${method} ${path}: ${response.text}`).toBe(200)
    return response.json as A
  }
  return { raw, call }
}

/** A specialty as the seed's lists answer it. */
export interface SpecialtyRow {
  readonly id: string
  readonly name: string
  readonly family_id: string
  readonly family_name: string
}

/** The demo specialty of that name, as `getAllSpecialties` answers it. */
export const specialtyNamed = async (call: ReturnType<typeof rawApi>["call"], name: string): Promise<SpecialtyRow> => {
  const found = (await call<ReadonlyArray<SpecialtyRow>>("GET", "/specialty/getAllSpecialties")).find((s) => s.name === name)
  if (!found) throw new Error(`Falta la especialidad de demostración ${name}`)
  return found
}
