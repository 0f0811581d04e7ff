import { Effect, Option } from "effect"
import type { AssignmentKind, ProviderSpecialty } from "@palma/core/domain"
import { AssignmentLoadRepo } from "../case/AssignmentLoadRepo.js"
import { refuseWhileSent } from "./refuseWhileSent.js"
import { Districts } from "../district/Districts.js"
import { Invalid, Missing } from "../domain/errors.js"
import { checkVersion, type Precondition, type Versioned } from "../domain/version.js"
import { rowVersionsOf } from "../sql/rowVersion.js"
import { Transaction } from "../sql/Transaction.js"
import { type ProviderKind, ProviderSpecialtiesRepo } from "./ProviderSpecialtiesRepo.js"
import { requireSpecialties } from "./requireSpecialties.js"

/** What a provider is at least, for the rules every kind shares. */
interface ProviderRow {
  readonly id: string
  readonly rut: string
  readonly isActive: boolean
}

/** What a provider's write is given at least: its RUT (the key), comuna and specialties. */
interface ProviderWrite {
  readonly rut: string
  readonly district: string | null
  readonly specialties: ReadonlyArray<string>
}

/** What tells one kind of provider from the other in the rules they share. */
export interface ProviderKindSpec<Row extends ProviderRow, Detail, Input extends ProviderWrite, E> {
  readonly kind: ProviderKind
  /** How the kind is sent to a case (the cases' word for a partner is `alliance`). */
  readonly assignment: AssignmentKind
  readonly rows: {
    readonly findById: (id: string) => Effect.Effect<Option.Option<Row>>
    readonly findByRut: (rut: string) => Effect.Effect<Option.Option<Row>>
    readonly deactivate: (id: string) => Effect.Effect<void>
  }
  /** The provider as one record answers it: with its (active) specialties, and whatever else the kind has. */
  readonly detail: (row: Row, specialties: ReadonlyArray<ProviderSpecialty>) => Effect.Effect<Detail>
  /**
   * Checks what only the kind has (a specialist's comunas), then answers the upsert by RUT to run
   * once the specialties are checked too: the row's id.
   */
  readonly prepare: (input: Input) => Effect.Effect<(districtId: string | null) => Effect.Effect<string>, E>
  readonly messages: { readonly notFound: string; readonly rutLocked: string }
}

/**
 * The rules specialists and partners share: the upsert by RUT with exactly the specialties given
 * (comunas on the official list, specialties active), Palma's edit by id under the version read
 * (the RUT, the key, cannot change), the deactivation (refused while sent to an open case), and
 * the reads of one provider, active or not.
 */
export const providerRecords = <Row extends ProviderRow, Detail, Input extends ProviderWrite, E>(spec: ProviderKindSpec<Row, Detail, Input, E>) =>
  Effect.gen(function* () {
    const specialties = yield* ProviderSpecialtiesRepo
    const districts = yield* Districts
    const load = yield* AssignmentLoadRepo
    const transaction = (yield* Transaction).withTransaction
    const versions = yield* rowVersionsOf(spec.kind)
    const notFound = () => new Missing({ message: spec.messages.notFound })
    const found = (id: string) => Effect.flatMap(spec.rows.findById(id), Effect.orElseFail(notFound))

    /** The rows with their (active) specialties, in one read. */
    const withSpecialties = <P extends { readonly id: string }>(rows: ReadonlyArray<P>) =>
      Effect.map(
        specialties.ofProviders(
          spec.kind,
          rows.map((row) => row.id)
        ),
        (byProvider) => rows.map((row) => ({ ...row, specialties: byProvider.get(row.id) ?? [] }))
      )
    const detail = (row: Row) => Effect.flatMap(withSpecialties([row]), ([one]) => spec.detail(row, one!.specialties))

    const upsert = (input: Input) =>
      transaction(
        Effect.gen(function* () {
          const districtId = yield* districts.resolve(input.district)
          const store = yield* spec.prepare(input)
          yield* requireSpecialties(specialties, input.specialties)
          const id = yield* store(districtId)
          yield* specialties.replace(spec.kind, id, input.specialties)
          // Just written: not finding it would be a defect, not the client's 404.
          return yield* detail(yield* Effect.flatMap(spec.rows.findById(id), Effect.orDie))
        })
      )

    /** Palma's edit by id (restoring a deleted one, as the upsert does), refused with 412 over someone else's change. */
    const update = (id: string, input: Input, precondition?: Precondition) =>
      transaction(
        Effect.gen(function* () {
          yield* checkVersion(versions.lock(id), precondition)
          const current = yield* found(id)
          if (current.rut !== input.rut) return yield* Effect.fail(new Invalid({ message: spec.messages.rutLocked }))
          return yield* versions.of(id, yield* upsert(input))
        })
      )

    /** The seed's delete: the row stays, inactive; it answers the provider as it now is. */
    const deactivate = (id: string, precondition?: Precondition) =>
      transaction(
        Effect.gen(function* () {
          yield* checkVersion(versions.lock(id), precondition)
          const current = yield* found(id)
          if (!current.isActive) return yield* Effect.fail(notFound())
          yield* refuseWhileSent(load, spec.assignment, id)
          yield* spec.rows.deactivate(id)
          return { ...current, isActive: false }
        })
      )

    return {
      upsert,
      update,
      deactivate,
      families: specialties.options,
      /** The provider's active specialties that perform the assistance (the case screens' combo). */
      specialtiesFor: (id: string, assistanceId: string) => specialties.forAssistance(spec.kind, id, assistanceId),
      /** Active or not: a deactivated provider can be opened and restored by saving. */
      getById: (id: string) => versions.read(id, Effect.flatMap(found(id), detail)),
      /**
       * `null` when no provider has that RUT: the screen then opens a new one prefilled with it. One
       * found comes with its version, as by id: the screen edits it, sending that version.
       */
      getByRut: (rut: string): Effect.Effect<Versioned<Detail> | null> =>
        Effect.flatMap(spec.rows.findByRut(rut), (row) => (Option.isSome(row) ? versions.read(row.value.id, detail(row.value)) : Effect.succeed(null))),
      /** A page's rows, each with its specialties. */
      withSpecialties: <Page extends { readonly items: ReadonlyArray<{ readonly id: string }> }>(page: Page) =>
        Effect.map(withSpecialties<Page["items"][number]>(page.items), (items) => ({ ...page, items }))
    }
  })
