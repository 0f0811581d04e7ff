import { Context, Effect, Layer } from "effect"
import type { PartnerDetail, PartnerInput, ProviderPageQuery } from "@palma/core/domain"
import { AssignmentLoadRepo } from "../case/AssignmentLoadRepo.js"
import { Districts } from "../district/Districts.js"
import { providerRecords } from "../provider/providerRecords.js"
import { ProviderSpecialtiesRepo } from "../provider/ProviderSpecialtiesRepo.js"
import { Transaction } from "../sql/Transaction.js"
import { PartnerRepo } from "./PartnerRepo.js"

const make = Effect.gen(function* () {
  const partners = yield* PartnerRepo
  const records = yield* providerRecords({
    kind: "partner",
    assignment: "alliance",
    rows: partners,
    detail: (partner, specialties): Effect.Effect<PartnerDetail> => Effect.succeed({ ...partner, specialties }),
    prepare: (input: PartnerInput) => Effect.succeed((districtId: string | null) => partners.upsert(input, districtId)),
    messages: { notFound: "No se encontró la alianza", rutLocked: "El RUT de una alianza no se puede cambiar" }
  })

  return {
    ...records,
    page: (query: ProviderPageQuery) => Effect.flatMap(partners.page(query), records.withSpecialties),
    all: partners.findActive,
    bySpecialty: partners.findBySpecialty,
    byFamily: partners.findByFamily,
    byAssistance: partners.findByAssistance,
    byName: partners.findByName
  }
})

/** Partners (alliances), provider companies with specialties: one per RUT, comunas from the official list. */
export class PartnerService extends Context.Tag("palma/PartnerService")<PartnerService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(PartnerService, make).pipe(
    Layer.provide([PartnerRepo.layer, ProviderSpecialtiesRepo.layer, Districts.layer, AssignmentLoadRepo.layer, Transaction.layer])
  )
}
