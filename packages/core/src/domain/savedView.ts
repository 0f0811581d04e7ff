import { Schema } from "effect"
import { CaseCriteria } from "./caseView.js"
import { Id, Name, Payload } from "./fields.js"

/** A case list a person named and keeps (Palma's, per user): its criteria, as the list's query spells them. */
export const SavedView = Schema.Struct({ id: Id, name: Schema.String, criteria: CaseCriteria })
export type SavedView = typeof SavedView.Type

/** Saving a view: a name the user has not used yet replaces nothing; one they used is updated. */
export const SavedViewInput = Payload({ name: Name(60), criteria: CaseCriteria })
export type SavedViewInput = typeof SavedViewInput.Type

/** The views every user has, named by what they show; not stored, not deletable. */
export const builtInViews: ReadonlyArray<{ readonly key: string; readonly name: string; readonly criteria: CaseCriteria }> = [
  { key: "mine-open", name: "Mis casos abiertos", criteria: { status: "open", mine: "true" } },
  { key: "refunds-pending", name: "Reembolsos pendientes", criteria: { refund_status: "Pendiente" } }
]
