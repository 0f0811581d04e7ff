import type { SnapshotFrom } from "xstate"
import type { caseDraftMachine } from "@palma/core"

type DraftState = SnapshotFrom<typeof caseDraftMachine>["value"]

/** How the operator reads where the draft is. */
export const stepTitles: Record<DraftState, string> = {
  applicant: "solicitante",
  lookingUp: "buscando al solicitante…",
  unknown: "solicitante sin póliza",
  registering: "registrando al cliente…",
  product: "producto",
  loadingServices: "revisando la cobertura…",
  assistance: "servicio",
  coverage: "cobertura",
  values: "valores",
  event: "evento",
  procedure: "procedimiento",
  review: "revisión",
  saving: "abriendo el caso…",
  done: "caso abierto"
}
