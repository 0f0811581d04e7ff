import type { District } from "@palma/core"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { regionsOf, toggleRegion } from "../../src/components/provider/regions"

const district = (id: string, district_name: string, region_id: string, region_name: string): District => ({
  id,
  district_name,
  province_name: "",
  region_id,
  region_name,
  region_roman: ""
})

const sample = [
  district("13101", "Santiago", "13", "Metropolitana de Santiago"),
  district("16101", "Chillán", "16", "Ñuble"),
  district("5101", "Valparaíso", "05", "Valparaíso"),
  district("05109", "Viña del Mar", "05", "Valparaíso"),
  district("15101", "Arica", "15", "Arica y Parinacota"),
  district("13120", "Ñuñoa", "13", "Metropolitana de Santiago")
]

describe("the served comunas grouped by region", () => {
  it("lists regions north to south, comunas by name as Spanish sorts them, codes with five digits", () => {
    const regions = regionsOf(sample)
    expect(regions.map((r) => r.name)).toEqual(["Arica y Parinacota", "Valparaíso", "Metropolitana de Santiago", "Ñuble"])
    expect(regions[1]!.districts).toEqual([
      { code: "05101", name: "Valparaíso" },
      { code: "05109", name: "Viña del Mar" }
    ])
    expect(regions[2]!.districts.map((d) => d.name)).toEqual(["Ñuñoa", "Santiago"])
  })

  it("the whole-region shortcut leaves the region all chosen or none, and never touches another region", () => {
    const regions = regionsOf(sample)
    const codes = regions.flatMap((r) => r.districts.map((d) => d.code))
    fc.assert(
      fc.property(fc.subarray(codes), fc.constantFrom(...regions), (selected, region) => {
        const next = toggleRegion(selected, region)
        const own = region.districts.map((d) => d.code)
        const wasAll = own.every((c) => selected.includes(c))
        for (const code of own) expect(next.includes(code)).toBe(!wasAll)
        expect(next.filter((c) => !own.includes(c))).toEqual(selected.filter((c) => !own.includes(c)))
        expect(new Set(next).size).toBe(next.length)
      })
    )
  })
})
