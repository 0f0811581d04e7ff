import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { NearbySpecialist, Specialist } from "@palma/core"
import { demoTokens } from "../support/api.js"
import { rawApi } from "../support/providers.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * Issue 31 §4.3: when nobody serves an event's comuna, `getNearby` names who performs the
 * assistance in its province, then in its region, ranked as the selection is.
 */

let server: InProcessServer
let tokens: Awaited<ReturnType<typeof demoTokens>>

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
})
afterAll(() => server?.stop())

const api = () =>
  rawApi(
    () => server.url,
    () => tokens.admin
  )

/** Who could be sent, by SQL: active, not remote, with a specialty that performs the assistance; where each one serves. */
const performers = (assistanceId: string) =>
  server.sql(
    (sql) => sql<{ id: string; district_id: string; province_id: string; region_id: string }>`SELECT s.id::text AS id, d.id AS district_id,
        d.province_id, p.region_id
      FROM specialist s JOIN specialist_district sd ON sd.specialist_id = s.id JOIN district d ON d.id = sd.district_id
      JOIN province p ON p.id = d.province_id
      WHERE s.is_active AND NOT s.is_remote AND EXISTS (SELECT 1 FROM specialist_specialty ss JOIN specialty sp ON sp.id = ss.specialty_id AND sp.is_active
        JOIN assistance_specialty a ON a.specialty_id = ss.specialty_id WHERE ss.specialist_id = s.id AND a.assistance_id = ${assistanceId})`
  )

/** A demo assistance and a comuna nobody serves for it (not even remotely), in a province where someone does. */
const unservedComuna = async () => {
  const assistances = await server.sql((sql) => sql<{ id: string }>`SELECT id::text AS id FROM assistance WHERE is_active ORDER BY name`)
  const comunas = await server.sql(
    (sql) => sql<{ id: string; province_id: string; region_id: string }>`SELECT d.id, d.province_id, p.region_id FROM district d
      JOIN province p ON p.id = d.province_id ORDER BY d.id`
  )
  for (const { id: assistanceId } of assistances) {
    const served = await performers(assistanceId)
    for (const comuna of comunas) {
      if (served.some((s) => s.district_id === comuna.id) || !served.some((s) => s.province_id === comuna.province_id)) continue
      const { call } = api()
      const selection = await call<ReadonlyArray<Specialist>>(
        "GET",
        `/specialist/getByAssistanceAndDistrict/${comuna.id}/${assistanceId}`,
        undefined,
        tokens.user
      )
      if (selection.length === 0) return { assistanceId, comuna, served }
    }
  }
  throw new Error("Toda comuna con especialistas en su provincia tiene quien la atienda")
}

describe("specialists near an event nobody serves", () => {
  it("lists who performs the assistance in the comuna's province first, then its region, each with the nearest comuna they serve", async () => {
    const { assistanceId, comuna, served } = await unservedComuna()
    const { call } = api()
    const nearby = await call<ReadonlyArray<NearbySpecialist>>("GET", `/specialist/getNearby/${comuna.id}/${assistanceId}`, undefined, tokens.user)

    const inRegion = new Set(served.filter((s) => s.region_id === comuna.region_id).map((s) => s.id))
    expect(nearby.length).toBe(Math.min(inRegion.size, 20))
    expect(nearby.every((s) => inRegion.has(s.id) && s.isActive && !s.isRemote)).toBe(true)
    const names = new Map((await server.sql((sql) => sql<{ id: string; name: string }>`SELECT id, name FROM district`)).map((d) => [d.id, d.name]))
    for (const s of nearby) {
      const mine = served.filter((row) => row.id === s.id)
      const inProvince = mine.some((row) => row.province_id === comuna.province_id)
      expect(s.reach).toBe(inProvince ? "province" : "region")
      // The comuna named is one they serve, in the province when they serve one there.
      expect(
        mine
          .filter((row) => (inProvince ? row.province_id === comuna.province_id : row.region_id === comuna.region_id))
          .map((row) => names.get(row.district_id))
      ).toContain(s.served)
    }
    const reaches = nearby.map((s) => s.reach)
    expect(reaches[0]).toBe("province")
    expect(reaches).toEqual([...reaches].sort((a, b) => (a === b ? 0 : a === "province" ? -1 : 1)))
  })

  it("answers 404 for an unknown service and 400 for a comuna not in the official list", async () => {
    const { raw } = api()
    const { assistanceId } = await unservedComuna()
    expect((await raw("GET", `/specialist/getNearby/13101/7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e41`, undefined, tokens.user)).status).toBe(404)
    const unknown = await raw("GET", `/specialist/getNearby/Atlántida/${assistanceId}`, undefined, tokens.user)
    expect(unknown.status).toBe(400)
    expect((unknown.json as { message: string }).message).toMatch(/La comuna no existe en la lista oficial/)
  })
})
