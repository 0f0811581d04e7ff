import { Schema } from "effect"
import { optionalNull } from "./common.js"
import { Flag, Id, IsoDate, Payload } from "./fields.js"
import { TimeOfDay } from "./time.js"

/** The specialist sent to a case; qualified once the work is completed. */
export const SpecialistAssignment = Schema.Struct({
  specialist_id: Id,
  scheduledDate: Schema.NullOr(IsoDate),
  scheduledTime: Schema.NullOr(TimeOfDay),
  confirmed: Schema.Boolean,
  completed: Schema.Boolean,
  qualification_id: Schema.NullOr(Id)
})
export type SpecialistAssignment = typeof SpecialistAssignment.Type

/** The alliance a case is handed to. */
export const PartnerAssignment = Schema.Struct({
  partner_id: Id,
  scheduledDate: Schema.NullOr(IsoDate),
  scheduledTime: Schema.NullOr(TimeOfDay),
  confirmed: Schema.Boolean,
  completed: Schema.Boolean
})
export type PartnerAssignment = typeof PartnerAssignment.Type

const schedule = {
  scheduledDate: optionalNull(IsoDate, "Fecha inválida (use AAAA-MM-DD)"),
  scheduledTime: optionalNull(TimeOfDay, "Hora inválida (use HH:MM)"),
  confirmed: Schema.optionalWith(Flag, { default: () => false }),
  completed: Schema.optionalWith(Flag, { default: () => false })
}

const completedNeedsConfirmed = <T extends { readonly confirmed: boolean; readonly completed: boolean }>(a: T) =>
  !a.completed || a.confirmed || { path: ["confirmed"], message: "Una visita completada debe estar confirmada" }

export const SpecialistAssignmentInput = Payload({
  specialist_id: Id,
  ...schedule,
  qualification_id: optionalNull(Id, "Calificación inválida")
}).pipe(
  Schema.filter(completedNeedsConfirmed),
  Schema.filter((a) => a.qualification_id === null || a.completed || { path: ["qualification_id"], message: "Solo se califica un servicio completado" })
)
export type SpecialistAssignmentInput = typeof SpecialistAssignmentInput.Type

export const PartnerAssignmentInput = Payload({ partner_id: Id, ...schedule }).pipe(Schema.filter(completedNeedsConfirmed))
export type PartnerAssignmentInput = typeof PartnerAssignmentInput.Type
