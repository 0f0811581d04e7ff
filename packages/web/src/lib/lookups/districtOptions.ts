import type { District } from "@palma/core"

/** CUT codes compared as the server keeps them: five digits ("5101" and "05101" are the same comuna). */
const cut = (code: string) => code.trim().padStart(5, "0")

/** The comuna with this CUT code, if the official list has it. */
export const findDistrict = (districts: ReadonlyArray<District>, code: string | null): District | undefined =>
  code === null || code.trim() === "" ? undefined : districts.find((d) => cut(d.id) === cut(code))

/** How a comuna reads in pickers: "Valparaíso — Valparaíso". */
export const districtLabel = (district: District) => `${district.district_name} — ${district.region_name}`

/** Text as compared by a search: case and accents do not matter ("concepcion" finds "Concepción"). */
export const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()
