import type { Call } from "./caller.js"
import type { AssignmentKind } from "../domain/caseFacts.js"
import type { NearbySpecialist, Specialist } from "../domain/specialist.js"

/** Someone who can be sent to a case, as the picker lists them. */
export interface Candidate {
  readonly id: string
  readonly name: string
  readonly rut: string
  /** Where they are: the comuna (and "remoto" for a specialist who works remotely). */
  readonly place: string
  readonly phone: string | null
  /** Someone who does not serve the event's comuna but works near it (nobody serves it): where, in Spanish. */
  readonly nearby: string | null
}

/** A lookup parameter (see `lookupSources`) that names what the lists are for, built and read only here. */
const joined = (...parts: ReadonlyArray<string>) => parts.map(encodeURIComponent).join("/")
const split = (param: string) => param.split("/").map(decodeURIComponent)

/** The candidates' lookup parameter: a specialist serves the event's comuna (or works remotely); a partner only needs the assistance. */
export const candidatesParam = (kind: AssignmentKind, assistanceId: string, districtId: string | null) =>
  kind === "specialist" ? joined(kind, assistanceId, districtId ?? "") : joined(kind, assistanceId)

/** The specialties lookup parameter: what the provider does that performs the assistance. */
export const candidateSpecialtiesParam = (kind: AssignmentKind, providerId: string, assistanceId: string) => joined(kind, providerId, assistanceId)

const asCandidate = (s: Specialist, nearby: string | null): Candidate => ({
  id: s.id,
  name: [s.name, s.paternalLastName, s.maternalLastName].filter((n) => n !== "").join(" "),
  rut: s.rut,
  place: s.isRemote ? [s.district, "remoto"].filter((p) => p !== "").join(" · ") : s.district,
  phone: s.phone,
  nearby
})

const reachText: Record<NearbySpecialist["reach"], string> = { province: "misma provincia", region: "misma región" }

/**
 * The active specialists (or partners) able to perform the assistance, in the server's order:
 * fewest open cases first, then the best mean qualification. A specialist serves the event's comuna
 * or works remotely; when nobody does, those who work in its province, then its region, come
 * instead (`nearby` says where). A specialist needs the comuna: a case without one lists nobody.
 */
export const loadCandidates = async (call: Call, param: string): Promise<ReadonlyArray<Candidate>> => {
  const [kind = "", assistance_id = "", district = ""] = split(param)
  if (kind === "alliance") {
    const partners = await call((c) => c.partner.getByAssistance({ path: { id: assistance_id } }))
    return partners.map((p) => ({ id: p.id, name: p.name, rut: p.rut, place: p.district, phone: p.phone, nearby: null }))
  }
  if (district === "") return []
  const path = { district, assistance_id }
  const serving = await call((c) => c.specialist.getByAssistanceAndDistrict({ path }))
  if (serving.length > 0) return serving.map((s) => asCandidate(s, null))
  const near = await call((c) => c.specialist.getNearby({ path }))
  return near.map((s) => asCandidate(s, `Atiende ${s.served} (${reachText[s.reach]})`))
}

/** Why a case's candidates cannot even be looked for (no service, or a specialist's case without a comuna); null: they can. */
export const candidatesMissing = (kind: AssignmentKind, assistanceId: string, districtId: string | null): string | null =>
  assistanceId === ""
    ? "El caso no tiene un servicio: no hay a quién enviar."
    : kind === "specialist" && districtId === null
      ? "El evento no tiene comuna: no se pueden buscar especialistas."
      : null

/**
 * Why nobody can be sent and what to do instead, in Spanish; null when someone can. `partners`:
 * how many partners perform the assistance (a procedure change away) when a specialist is sought,
 * null while not known (the advice waits for it).
 */
export const assignmentBlock = (kind: AssignmentKind, candidates: ReadonlyArray<Candidate>, partners: number | null): string | null => {
  if (candidates.length > 0) return null
  if (kind === "alliance")
    return "Ninguna alianza activa realiza este servicio. Cambie el procedimiento del caso, o pida a un administrador que registre una alianza que lo realice."
  const nobody = "Ningún especialista activo realiza este servicio en la comuna del evento, en su región ni a distancia."
  if (partners === null) return nobody
  return partners > 0
    ? `${nobody} ${partners === 1 ? "Una alianza lo realiza" : `${partners} alianzas lo realizan`}: cambie el procedimiento del caso para enviar una alianza.`
    : `${nobody} Pida a un administrador que registre un especialista para esa comuna, o cambie el procedimiento del caso.`
}

/** The provider's specialties that perform the assistance (`candidateSpecialtiesParam`). */
export const loadCandidateSpecialties = async (call: Call, param: string) => {
  const [kind = "", id = "", assistance_id = ""] = split(param)
  const path = { id, assistance_id }
  return kind === "alliance" ? call((c) => c.specialty.getSpecialitiesByPartner({ path })) : call((c) => c.specialty.getSpecialitiesByAssistance({ path }))
}
