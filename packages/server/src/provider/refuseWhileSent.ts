import { Effect } from "effect"
import { type AssignmentKind } from "@palma/core/domain"
import { type AssignmentLoadRepo } from "../case/AssignmentLoadRepo.js"
import { Clash } from "../domain/errors.js"

const who: Record<AssignmentKind, { readonly name: string; readonly sent: string }> = {
  specialist: { name: "el especialista", sent: "asignado" },
  alliance: { name: "la alianza", sent: "asignada" }
}

/** A provider can't be deactivated while it is sent as `kind` to open cases: a clash (409) saying how many. */
export const refuseWhileSent = (load: AssignmentLoadRepo["Type"], kind: AssignmentKind, providerId: string) =>
  Effect.flatMap(load.openCount(kind, providerId), (open) => {
    if (open === 0) return Effect.void
    const { name, sent } = who[kind]
    const cases = open === 1 ? "1 caso abierto" : `${open} casos abiertos`
    return Effect.fail(new Clash({ message: `No se puede desactivar ${name}: está ${sent} a ${cases}. Anule o cierre esas asignaciones primero.` }))
  })
