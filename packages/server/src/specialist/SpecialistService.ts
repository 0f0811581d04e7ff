import { Context, Effect, Layer, Option } from "effect"
import type { ProviderPageQuery, SpecialistDetail, SpecialistInput } from "@palma/core/domain"
import { Missing } from "../domain/errors.js"
import { AssignmentLoadRepo } from "../case/AssignmentLoadRepo.js"
import { Districts } from "../district/Districts.js"
import { providerRecords } from "../provider/providerRecords.js"
import { ProviderSpecialtiesRepo } from "../provider/ProviderSpecialtiesRepo.js"
import { ActiveRows } from "../sql/ActiveRows.js"
import { type Precondition } from "../domain/version.js"
import { Transaction } from "../sql/Transaction.js"
import { SpecialistRepo } from "./SpecialistRepo.js"

const assistanceNotFound = () => new Missing({ message: "El servicio indicado no existe o está inactivo" })

const make = Effect.gen(function* () {
  const specialists = yield* SpecialistRepo
  const districts = yield* Districts
  const activeRows = yield* ActiveRows
  const records = yield* providerRecords({
    kind: "specialist",
    assignment: "specialist",
    rows: specialists,
    /** With the comunas they serve. */
    detail: (specialist, specialties): Effect.Effect<SpecialistDetail> =>
      Effect.map(specialists.districtsOf(specialist.id), (served) => ({ ...specialist, specialties, districts: served })),
    /**
     * The comunas served must be on the official list (400 on the field); the same comuna named
     * twice (by name and by code) counts once.
     */
    prepare: (input: SpecialistInput) =>
      Effect.map(
        Effect.forEach(input.districts, (ref, index) => districts.resolve(ref, ["districts", index])),
        (served) => (districtId: string | null) =>
          Effect.tap(specialists.upsert({ input, districtId }), (id) =>
            specialists.replaceDistricts(id, [...new Set(served.filter((d): d is string => d !== null))])
          )
      ),
    messages: { notFound: "No se encontró el especialista", rutLocked: "El RUT de un especialista no se puede cambiar" }
  })

  /** A list for a case's event: the assistance must be active; the comuna is resolved like any other (none: nobody). */
  const forEvent =
    <A>(list: (assistanceId: string, districtId: string) => Effect.Effect<ReadonlyArray<A>>) =>
    (assistanceId: string, district: string) =>
      Effect.gen(function* () {
        if (Option.isNone(yield* activeRows.one("assistance", assistanceId))) return yield* Effect.fail(assistanceNotFound())
        const districtId = yield* districts.resolve(district)
        return districtId === null ? [] : yield* list(assistanceId, districtId)
      })

  return {
    ...records,
    /** The seed's delete answers the deactivated specialist with the original's `deleted: true`. */
    deactivate: (id: string, precondition?: Precondition) => Effect.map(records.deactivate(id, precondition), (row) => ({ ...row, deleted: true as const })),
    /** The selection for a case, and who works near the event when nobody serves its comuna. */
    selection: forEvent(specialists.selection),
    nearby: forEvent(specialists.nearby),
    /** Palma's page: each row with its specialties. */
    page: (query: ProviderPageQuery) =>
      Effect.gen(function* () {
        const districtId = query.district === undefined ? null : yield* districts.resolve(query.district)
        return yield* records.withSpecialties(yield* specialists.page(query, districtId))
      }),
    assistances: specialists.assistancesOf,
    all: specialists.findActive,
    bySpecialty: specialists.findBySpecialty,
    byName: specialists.findByName
  }
})

/** Specialists, who attend cases in the comunas they serve or remotely: one per RUT, with specialties and comunas. */
export class SpecialistService extends Context.Tag("palma/SpecialistService")<SpecialistService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(SpecialistService, make).pipe(
    Layer.provide([SpecialistRepo.layer, ProviderSpecialtiesRepo.layer, Districts.layer, ActiveRows.layer, AssignmentLoadRepo.layer, Transaction.layer])
  )
}
