import { Context, Effect, Layer, Option } from "effect"
import { type ProviderPageQuery, type Specialist, type SpecialistDetail, type SpecialistInput } from "@palma/core/domain"
import { Invalid, Missing } from "../domain/errors.js"
import { AssignmentLoadRepo } from "../case/AssignmentLoadRepo.js"
import { refuseWhileSent } from "../case/StillAssigned.js"
import { Districts } from "../district/Districts.js"
import { ProviderSpecialties } from "../provider/ProviderSpecialties.js"
import { requireSpecialties } from "../provider/requireSpecialties.js"
import { ActiveRows } from "../sql/ActiveRows.js"
import { checkVersion, type Precondition } from "../domain/version.js"
import { rowVersionsOf } from "../sql/rowVersion.js"
import { Transaction } from "../sql/Transaction.js"
import { SpecialistRepo } from "./SpecialistRepo.js"

const notFound = () => new Missing({ message: "No se encontró el especialista" })
const assistanceNotFound = () => new Missing({ message: "El servicio indicado no existe o está inactivo" })

const make = Effect.gen(function* () {
  const specialists = yield* SpecialistRepo
  const specialties = yield* ProviderSpecialties
  const districts = yield* Districts
  const activeRows = yield* ActiveRows
  const load = yield* AssignmentLoadRepo
  const transaction = (yield* Transaction).withTransaction
  const versions = yield* rowVersionsOf("specialist")

  /** A specialist as `getById` answers it: with their (active) specialties and the comunas they serve. */
  const detail = (specialist: Specialist): Effect.Effect<SpecialistDetail> =>
    Effect.map(Effect.all([specialties.ofProviders("specialist", [specialist.id]), specialists.districtsOf(specialist.id)]), ([bySpecialist, served]) => ({
      ...specialist,
      specialties: bySpecialist.get(specialist.id) ?? [],
      districts: served
    }))

  /**
   * Creates the specialist, or updates (and reactivates) the one with that RUT, with exactly the
   * specialties and comunas given. Comunas must be on the official list (400 on the field) and
   * specialties active (404); the same comuna named twice (by name and by code) counts once.
   */
  const write = (input: SpecialistInput) =>
    transaction(
      Effect.gen(function* () {
        const districtId = yield* districts.resolve(input.district)
        const served = yield* Effect.forEach(input.districts, (ref, index) => districts.resolve(ref, ["districts", index]))
        yield* requireSpecialties(specialties, input.specialties)
        const id = yield* specialists.upsert({ input, districtId })
        yield* specialties.replace("specialist", id, input.specialties)
        yield* specialists.replaceDistricts(id, [...new Set(served.filter((d): d is string => d !== null))])
        // Just written: not finding it would be a defect, not the client's 404.
        return yield* detail(yield* Effect.flatMap(specialists.findById(id), Effect.orDie))
      })
    )

  /**
   * Palma's edit of the specialist `id` (restoring a deleted one, as the upsert does), refused
   * with 412 over someone else's change. The RUT is the specialist's key: it cannot change here.
   */
  const update = (id: string, input: SpecialistInput, precondition?: Precondition) =>
    transaction(
      Effect.gen(function* () {
        yield* checkVersion(versions.lock(id), precondition)
        const current = yield* Effect.flatMap(specialists.findById(id), Effect.orElseFail(notFound))
        if (current.rut !== input.rut) return yield* Effect.fail(new Invalid({ message: "El RUT de un especialista no se puede cambiar" }))
        return yield* versions.of(id, yield* write(input))
      })
    )

  const deactivate = (id: string, precondition?: Precondition) =>
    transaction(
      Effect.gen(function* () {
        yield* checkVersion(versions.lock(id), precondition)
        const current = yield* Effect.flatMap(specialists.findById(id), Effect.orElseFail(notFound))
        if (!current.isActive) return yield* Effect.fail(notFound())
        yield* refuseWhileSent(load, "specialist", id)
        yield* specialists.deactivate(id)
        return { ...current, isActive: false, deleted: true as const }
      })
    )

  /** A list for a case's event: the assistance must be active; the comuna is resolved like any other (none: nobody). */
  const forEvent =
    <A>(list: (assistanceId: string, districtId: string) => Effect.Effect<ReadonlyArray<A>>) =>
    (assistanceId: string, district: string) =>
      Effect.gen(function* () {
        if (Option.isNone(yield* activeRows.one("assistance", assistanceId))) return yield* Effect.fail(assistanceNotFound())
        const districtId = yield* districts.resolve(district)
        return districtId === null ? [] : yield* list(assistanceId, districtId)
      })

  /** The selection for a case, and who works near the event when nobody serves its comuna. */
  const selection = forEvent(specialists.selection)
  const nearby = forEvent(specialists.nearby)

  /** Palma's page: each row with its specialties. */
  const page = (query: ProviderPageQuery) =>
    Effect.gen(function* () {
      const districtId = query.district === undefined ? null : yield* districts.resolve(query.district)
      const result = yield* specialists.page(query, districtId)
      const bySpecialist = yield* specialties.ofProviders(
        "specialist",
        result.items.map((s) => s.id)
      )
      return { ...result, items: result.items.map((s) => ({ ...s, specialties: bySpecialist.get(s.id) ?? [] })) }
    })

  return {
    upsert: write,
    update,
    deactivate,
    selection,
    nearby,
    page,
    families: specialties.options,
    assistances: specialists.assistancesOf,
    all: specialists.findActive,
    bySpecialty: specialists.findBySpecialty,
    byName: specialists.findByName,
    /** Active or not: a deactivated specialist can be opened and restored by saving. */
    getById: (id: string) => versions.read(id, Effect.flatMap(specialists.findById(id), Effect.orElseFail(notFound)).pipe(Effect.flatMap(detail))),
    /** `null` when no specialist has that RUT: the screen then opens a new one prefilled with it. */
    getByRut: (rut: string) => Effect.flatMap(specialists.findByRut(rut), (found) => (Option.isSome(found) ? detail(found.value) : Effect.succeed(null)))
  }
})

/** Specialists, who attend cases in the comunas they serve or remotely: one per RUT, with specialties and comunas. */
export class SpecialistService extends Context.Tag("palma/SpecialistService")<SpecialistService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(SpecialistService, make).pipe(
    Layer.provide([SpecialistRepo.layer, ProviderSpecialties.layer, Districts.layer, ActiveRows.layer, AssignmentLoadRepo.layer, Transaction.layer])
  )
}
