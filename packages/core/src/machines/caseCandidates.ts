import type { Call } from "../client/caller.js"
import type { AssignmentKind } from "../domain/caseFacts.js"

/** Someone who can be sent to a case, as the picker lists them. */
export interface Candidate {
  readonly id: string
  readonly name: string
  readonly rut: string
  /** Where they are: the comuna (and "remoto" for a specialist who works remotely). */
  readonly place: string
  readonly phone: string | null
}

/** A lookup parameter (see `lookupSources`) that names what the lists are for, built and read only here. */
const joined = (...parts: ReadonlyArray<string>) => parts.map(encodeURIComponent).join("/")
const split = (param: string) => param.split("/").map(decodeURIComponent)

/** The candidates' lookup parameter: a specialist serves the event's comuna (or works remotely); a partner only needs the assistance. */
export const candidatesParam = (kind: AssignmentKind, assistanceId: string, districtId: string | null) =>
  kind === "specialist" ? joined(kind, assistanceId, districtId ?? "") : joined(kind, assistanceId)

/** The specialties lookup parameter: what the provider does that performs the assistance. */
export const candidateSpecialtiesParam = (kind: AssignmentKind, providerId: string, assistanceId: string) => joined(kind, providerId, assistanceId)

/**
 * The active specialists (or partners) able to perform the assistance, in the server's order:
 * fewest open cases first, then the best mean qualification. A specialist needs the comuna: a case
 * without one lists nobody.
 */
export const loadCandidates = async (call: Call, param: string): Promise<ReadonlyArray<Candidate>> => {
  const [kind = "", assistance_id = "", district = ""] = split(param)
  if (kind === "alliance") {
    const partners = await call((c) => c.partner.getByAssistance({ path: { id: assistance_id } }))
    return partners.map((p) => ({ id: p.id, name: p.name, rut: p.rut, place: p.district, phone: p.phone }))
  }
  if (district === "") return []
  const specialists = await call((c) => c.specialist.getByAssistanceAndDistrict({ path: { district, assistance_id } }))
  return specialists.map((s) => ({
    id: s.id,
    name: [s.name, s.paternalLastName, s.maternalLastName].filter((n) => n !== "").join(" "),
    rut: s.rut,
    place: s.isRemote ? [s.district, "remoto"].filter((p) => p !== "").join(" · ") : s.district,
    phone: s.phone
  }))
}

/** The provider's specialties that perform the assistance (`candidateSpecialtiesParam`). */
export const loadCandidateSpecialties = async (call: Call, param: string) => {
  const [kind = "", id = "", assistance_id = ""] = split(param)
  const path = { id, assistance_id }
  return kind === "alliance" ? call((c) => c.specialty.getSpecialitiesByPartner({ path })) : call((c) => c.specialty.getSpecialitiesByAssistance({ path }))
}
