import { Context, Effect, Layer, Option } from "effect"
import { type Partner, type PartnerDetail, type PartnerInput, type ProviderPageQuery } from "@palma/core/domain"
import { Invalid, Missing } from "../domain/errors.js"
import { AssignmentLoadRepo } from "../case/AssignmentLoadRepo.js"
import { refuseWhileSent } from "../case/StillAssigned.js"
import { Districts } from "../district/Districts.js"
import { ProviderSpecialties } from "../provider/ProviderSpecialties.js"
import { requireSpecialties } from "../provider/requireSpecialties.js"
import { checkVersion, type Precondition } from "../domain/version.js"
import { rowVersionsOf } from "../sql/rowVersion.js"
import { Transaction } from "../sql/Transaction.js"
import { PartnerRepo } from "./PartnerRepo.js"

const notFound = () => new Missing({ message: "No se encontró la alianza" })

const make = Effect.gen(function* () {
  const partners = yield* PartnerRepo
  const specialties = yield* ProviderSpecialties
  const districts = yield* Districts
  const load = yield* AssignmentLoadRepo
  const transaction = (yield* Transaction).withTransaction
  const versions = yield* rowVersionsOf("partner")

  /** Partners with their (active) specialties, in one read. */
  const withSpecialties = (rows: ReadonlyArray<Partner>): Effect.Effect<ReadonlyArray<PartnerDetail>> =>
    Effect.map(
      specialties.ofProviders(
        "partner",
        rows.map((p) => p.id)
      ),
      (byPartner) => rows.map((p) => ({ ...p, specialties: byPartner.get(p.id) ?? [] }))
    )
  const detail = (partner: Partner) => Effect.map(withSpecialties([partner]), ([one]) => one!)

  /** Creates the partner, or updates (and reactivates) the one with that RUT, with exactly the specialties given. */
  const upsert = (input: PartnerInput) =>
    transaction(
      Effect.gen(function* () {
        const districtId = yield* districts.resolve(input.district)
        yield* requireSpecialties(specialties, input.specialties)
        const id = yield* partners.upsert(input, districtId)
        yield* specialties.replace("partner", id, input.specialties)
        // Just written: not finding it would be a defect, not the client's 404.
        return yield* detail(yield* Effect.flatMap(partners.findById(id), Effect.orDie))
      })
    )

  /**
   * Palma's edit of the partner `id` (restoring a deleted one, as the upsert does), refused with
   * 412 over someone else's change. The RUT is the partner's key: it cannot change here.
   */
  const update = (id: string, input: PartnerInput, precondition?: Precondition) =>
    transaction(
      Effect.gen(function* () {
        yield* checkVersion(versions.lock(id), precondition)
        const current = yield* Effect.flatMap(partners.findById(id), Effect.orElseFail(notFound))
        if (current.rut !== input.rut) return yield* Effect.fail(new Invalid({ message: "El RUT de una alianza no se puede cambiar" }))
        return yield* versions.of(id, yield* upsert(input))
      })
    )

  const deactivate = (id: string, precondition?: Precondition) =>
    transaction(
      Effect.gen(function* () {
        yield* checkVersion(versions.lock(id), precondition)
        const current = yield* Effect.flatMap(partners.findById(id), Effect.orElseFail(notFound))
        if (!current.isActive) return yield* Effect.fail(notFound())
        yield* refuseWhileSent(load, "alliance", id)
        yield* partners.deactivate(id)
        return { ...current, isActive: false }
      })
    )

  const page = (query: ProviderPageQuery) =>
    Effect.flatMap(partners.page(query), (result) => Effect.map(withSpecialties(result.items), (items) => ({ ...result, items })))

  return {
    upsert,
    update,
    deactivate,
    page,
    families: specialties.options,
    all: partners.findActive,
    bySpecialty: partners.findBySpecialty,
    byFamily: partners.findByFamily,
    byAssistance: partners.findByAssistance,
    byName: partners.findByName,
    /** Active or not: a deactivated partner can be opened and restored by saving. */
    getById: (id: string) => versions.read(id, Effect.flatMap(partners.findById(id), Effect.orElseFail(notFound)).pipe(Effect.flatMap(detail))),
    /** `null` when no partner has that RUT: the screen then opens a new one prefilled with it. */
    getByRut: (rut: string) => Effect.flatMap(partners.findByRut(rut), (found) => (Option.isSome(found) ? detail(found.value) : Effect.succeed(null)))
  }
})

/** Partners (alliances), provider companies with specialties: one per RUT, comunas from the official list. */
export class PartnerService extends Context.Tag("palma/PartnerService")<PartnerService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(PartnerService, make).pipe(
    Layer.provide([PartnerRepo.layer, ProviderSpecialties.layer, Districts.layer, AssignmentLoadRepo.layer, Transaction.layer])
  )
}
