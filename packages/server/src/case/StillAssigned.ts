import { Data, Effect } from "effect"
import { type AssignmentKind } from "@palma/core/domain"
import { Conflict } from "@palma/core/api"
import { type AssignmentLoadRepo } from "./AssignmentLoadRepo.js"

/** A provider can't be deactivated while it is sent as `kind` to `open` open cases. */
export class StillAssigned extends Data.TaggedError("StillAssigned")<{ readonly kind: AssignmentKind; readonly open: number }> {}

/** Fails with `StillAssigned` while the provider is sent as `kind` to open cases. */
export const refuseWhileSent = (load: AssignmentLoadRepo["Type"], kind: AssignmentKind, providerId: string) =>
  Effect.flatMap(load.openCount(kind, providerId), (open) => (open === 0 ? Effect.void : Effect.fail(new StillAssigned({ kind, open }))))

const who: Record<AssignmentKind, { readonly name: string; readonly sent: string }> = {
  specialist: { name: "el especialista", sent: "asignado" },
  alliance: { name: "la alianza", sent: "asignada" }
}

/** The handlers' 409, in Spanish, saying how many cases. */
export const stillAssignedConflict = ({ kind, open }: StillAssigned) => {
  const { name, sent } = who[kind]
  const cases = open === 1 ? "1 caso abierto" : `${open} casos abiertos`
  return new Conflict({ message: `No se puede desactivar ${name}: está ${sent} a ${cases}. Anule o cierre esas asignaciones primero.` })
}
