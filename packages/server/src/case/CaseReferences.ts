import { Context, Effect, Layer, Option } from "effect"
import { Invalid } from "../domain/errors.js"
import { UNKNOWN_PROCEDURE, UNKNOWN_QUALIFICATION } from "@palma/core/domain"
import { CaseReferencesRepo, type Referenced } from "./CaseReferencesRepo.js"

/** What a person is told when a case names a record that is not there, or no longer active. */
const UNKNOWN: Record<Referenced | "procedure", string> = {
  specialist: "Especialista desconocido o inactivo",
  partner: "Alianza desconocida o inactiva",
  specialty: "Especialidad desconocida",
  value: "Valor desconocido",
  document: "Documento desconocido",
  qualification: UNKNOWN_QUALIFICATION,
  procedure: UNKNOWN_PROCEDURE
}

/** Invalid, naming the field of the request that is wrong. */
export const invalid = (path: ReadonlyArray<string>, message: string) => new Invalid({ message, issues: [{ path, message }] })

/** Invalid, for a reference to an unknown or inactive record of `table`, at `path`. */
export const unknownReference = (table: Referenced | "procedure", path: ReadonlyArray<string>) => invalid(path, UNKNOWN[table])

/** The repo's reads, with the checks that refuse a missing reference in Spanish on its field. */
const make = Effect.map(CaseReferencesRepo, (repo) => ({
  ...repo,
  /** Fails naming `path` unless `id` (when there is one) is an active record of `table`. */
  known: (table: Referenced, id: string | null, path: ReadonlyArray<string>): Effect.Effect<void, Invalid> =>
    id === null ? Effect.void : Effect.flatMap(repo.active(table, [id]), (found) => (found.has(id) ? Effect.void : Effect.fail(unknownReference(table, path)))),
  /** The code of the active procedure `id`, or Invalid naming `path`. */
  procedureCode: (id: string, path: ReadonlyArray<string>): Effect.Effect<string, Invalid> =>
    Effect.flatMap(repo.procedureCode(id), Option.match({ onNone: () => Effect.fail(unknownReference("procedure", path)), onSome: Effect.succeed }))
}))

/** The records a posted case refers to, checked before anything is written. */
export class CaseReferences extends Context.Tag("palma/CaseReferences")<CaseReferences, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseReferences, make).pipe(Layer.provide(CaseReferencesRepo.layer))
}
