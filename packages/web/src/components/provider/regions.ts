import type { District } from "@palma/core"
import { cut } from "../district/districtOptions"

/** A region and its comunas, as the served-comunas picker lists them. */
export interface RegionGroup {
  readonly id: string
  readonly name: string
  /** Five-digit CUT codes, by comuna name. */
  readonly districts: ReadonlyArray<{ readonly code: string; readonly name: string }>
}

/** Regions by their CUT number, north to south, as Chileans list them (Arica y Parinacota first, Magallanes last). */
const northToSouth = [15, 1, 2, 3, 4, 5, 13, 6, 7, 16, 8, 9, 14, 10, 11, 12]
const rank = (regionId: string) => {
  const at = northToSouth.indexOf(Number(regionId))
  return at === -1 ? northToSouth.length : at
}

/** The official list of comunas grouped by region, regions north to south and comunas by name. */
export const regionsOf = (districts: ReadonlyArray<District>): ReadonlyArray<RegionGroup> => {
  const byRegion = new Map<string, { id: string; name: string; districts: Array<{ code: string; name: string }> }>()
  for (const d of districts) {
    const region = byRegion.get(d.region_id) ?? { id: d.region_id, name: d.region_name, districts: [] }
    region.districts.push({ code: cut(d.id), name: d.district_name })
    byRegion.set(d.region_id, region)
  }
  return [...byRegion.values()]
    .sort((a, b) => rank(a.id) - rank(b.id))
    .map((region) => ({ ...region, districts: region.districts.sort((a, b) => a.name.localeCompare(b.name, "es-CL")) }))
}

/**
 * The whole-region shortcut: every comuna of the region chosen (added to those of other regions),
 * or, when all of them already are, none of them.
 */
export const toggleRegion = (selected: ReadonlyArray<string>, region: RegionGroup): string[] => {
  const codes = region.districts.map((d) => d.code)
  const all = codes.every((code) => selected.includes(code))
  return all ? selected.filter((code) => !codes.includes(code)) : [...selected, ...codes.filter((code) => !selected.includes(code))]
}
