import { Context, Effect, Layer, Option } from "effect"
import { type BeneficiaryUpsertInput, normalizeDistrictName, type PersonUpsertInput, REQUIRED, uuidPattern } from "@palma/core/domain"
import { Districts } from "../district/Districts.js"
import { Invalid, Missing } from "../domain/errors.js"
import { checkVersion, type Precondition } from "../domain/version.js"
import { rowVersionsOf } from "../sql/rowVersion.js"
import { Transaction } from "../sql/Transaction.js"
import { PersonRepo, type PersonTable } from "./PersonRepo.js"

/** A field an existing person may leave out, but a new one must have. */
const REQUIRED_FOR_NEW = `${REQUIRED} para una persona nueva`

const required = (field: string) =>
  new Invalid({
    message: `${field}: ${REQUIRED_FOR_NEW}`,
    issues: [{ path: [field], message: REQUIRED_FOR_NEW }]
  })

const notFound: Record<PersonTable, () => Missing> = {
  insured: () => new Missing({ message: "No se encontró el titular" }),
  beneficiary: () => new Missing({ message: "No se encontró la carga" })
}

const make = Effect.gen(function* () {
  const people = yield* PersonRepo
  const districts = yield* Districts
  const transaction = (yield* Transaction).withTransaction
  const versions = { insured: yield* rowVersionsOf("insured"), beneficiary: yield* rowVersionsOf("beneficiary") }

  /** A relationship given by id or by name (accents and case ignored); blank keeps the stored one. */
  const relationshipId = (ref: string | null) =>
    Effect.gen(function* () {
      if (ref === null) return null
      const rows = yield* people.activeRelationships
      const wanted = normalizeDistrictName(ref)
      const found = rows.find((r) => (uuidPattern.test(ref) ? r.id === ref.toLowerCase() : normalizeDistrictName(r.name) === wanted))
      if (found) return found.id
      const message = "El parentesco no existe"
      return yield* new Invalid({ message: `relationship: ${message}`, issues: [{ path: ["relationship"], message }] })
    })

  /** Writes the person keyed on the RUT; a new one needs a name. Answers the person's id. */
  const write = (table: PersonTable, input: PersonUpsertInput, extra: { readonly relationship_id?: string | null } = {}) =>
    transaction(
      Effect.gen(function* () {
        const districtId = yield* districts.resolve(input.district)
        const existing = yield* people.idByRut(table, input.rut)
        if (Option.isNone(existing) && input.name === "") return yield* required("name")
        return yield* people.upsert(
          table,
          {
            rut: input.rut,
            name: input.name,
            paternalLastName: input.paternalLastName,
            maternalLastName: input.maternalLastName,
            address: input.address,
            districtId,
            email: input.email,
            phone: input.phone,
            birthDate: input.birthDate
          },
          extra
        )
      })
    )

  /** One person with their version (the `ETag` of Palma's reads by id). */
  const read = <A>(table: PersonTable, id: string, find: (id: string) => Effect.Effect<Option.Option<A>>) =>
    versions[table].read(id, Effect.flatMap(find(id), Effect.orElseFail(notFound[table])))

  /**
   * Palma's edit of the person `id` (blank fields keep what is stored, as in the upsert), refused
   * (`Stale`) over someone else's change. The RUT is the person's key: it cannot change here.
   */
  const update = <A extends { readonly rut: string }>(
    table: PersonTable,
    id: string,
    input: PersonUpsertInput,
    find: (id: string) => Effect.Effect<Option.Option<A>>,
    precondition: Precondition,
    extra?: { readonly relationship_id?: string | null }
  ) =>
    transaction(
      Effect.gen(function* () {
        yield* checkVersion(versions[table].lock(id), precondition)
        const current = yield* Effect.flatMap(find(id), Effect.orElseFail(notFound[table]))
        if (current.rut !== input.rut) return yield* new Invalid({ message: "El RUT de una persona no se puede cambiar" })
        yield* write(table, input, extra)
        return yield* versions[table].of(id, yield* Effect.flatMap(find(id), Effect.orDie))
      })
    )

  return {
    getInsured: (id: string) => read("insured", id, people.findInsured),
    getBeneficiary: (id: string) => read("beneficiary", id, people.findBeneficiary),
    updateInsured: (id: string, input: PersonUpsertInput, precondition: Precondition) => update("insured", id, input, people.findInsured, precondition),
    updateBeneficiary: (id: string, input: BeneficiaryUpsertInput, precondition: Precondition) =>
      Effect.flatMap(relationshipId(input.relationship), (relationship_id) =>
        update("beneficiary", id, input, people.findBeneficiary, precondition, relationship_id === null ? {} : { relationship_id })
      ),
    upsertInsured: (input: PersonUpsertInput) => write("insured", input).pipe(Effect.flatMap(people.findInsured), Effect.flatMap(Effect.orDie)),
    upsertBeneficiary: (input: BeneficiaryUpsertInput) =>
      Effect.flatMap(relationshipId(input.relationship), (relationship_id) =>
        write("beneficiary", input, relationship_id === null ? {} : { relationship_id })
      ).pipe(Effect.flatMap(people.findBeneficiary), Effect.flatMap(Effect.orDie))
  }
})

/** The person upserts of `insured/upsert` and `beneficiary/upsert`: comunas and relationships resolved, stored data kept on blanks. */
export class PersonWriter extends Context.Tag("palma/PersonWriter")<PersonWriter, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(PersonWriter, make).pipe(Layer.provide([PersonRepo.layer, Districts.layer, Transaction.layer]))
}
