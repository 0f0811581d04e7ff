import { useDistricts } from "../districts/DistrictsProvider"
import { findDistrict } from "./districtOptions"

/** A comuna's name from its CUT code (the code itself while the list loads or if it is not in it). */
export const DistrictName = ({ code }: { readonly code: string | null }) => {
  const { districts } = useDistricts()
  if (code === null) return null
  return <>{findDistrict(districts, code)?.district_name ?? code}</>
}
