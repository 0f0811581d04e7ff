import { Context, Effect, Layer, Option } from "effect"
import {
  type ContractorCreateInput,
  type ContractorDetail,
  type ContractorFields,
  type ContractorKind,
  type ContractorSearch,
  type CustomerOrigin,
  type CustomerOrigins,
  type Rut,
  type SubscriptionDetail,
  REQUIRED
} from "@palma/core/domain"
import { Clash, Invalid, Missing } from "../domain/errors.js"
import { Districts } from "../district/Districts.js"
import { checkVersion, type Precondition } from "../domain/version.js"
import { rowVersionsOf } from "../sql/rowVersion.js"
import { Transaction } from "../sql/Transaction.js"
import { ContractorRepo } from "./ContractorRepo.js"
import { catalog, derived } from "./money.js"
import type { PaymentRow, SubscriptionDetailRow } from "./rows.js"
import { subscriptionNotFound } from "../domain/messages.js"

const kindName: Record<ContractorKind, string> = { P: "persona", C: "empresa" }

/** What `getByRut` answers for a RUT no contractor has: blanks with that RUT, for the screen to prefill. */
const blank = (rut: Rut.Rut, type: ContractorKind): ContractorFields => ({
  id: "",
  type,
  rut,
  name: "",
  companyName: "",
  paternalLastName: "",
  maternalLastName: "",
  legalRepresentative: "",
  line: "",
  birthDate: "",
  address: "",
  district: "",
  district_id: null,
  email: "",
  phone: ""
})

const toPayment = (row: PaymentRow) => ({
  subscription_id: row.subscription_id,
  product_id: row.product_id,
  product_name: row.product_name,
  createDate: row.createDate,
  frequency: row.frequency,
  price: catalog(row.currency, row.fee_value),
  insured: row.insured,
  collected_dues: row.fees_charged,
  collected_amount: derived(row.currency, row.charged),
  paid_dues: row.paid_dues,
  paid_amount: derived(row.currency, row.paid)
})

const coverage = (row: SubscriptionDetailRow) =>
  row.assistances.map((a) => ({ ...a, amount: catalog(a.currency, a.amount), maximum: catalog(a.currency, a.maximum) }))

/** A subscription as `getSubscriptionById` answers it. */
export const toSubscription = (row: SubscriptionDetailRow): SubscriptionDetail => ({
  subscription_id: row.subscription_id,
  policy: row.policy,
  name: row.name,
  frequency: row.frequency,
  price: catalog(row.currency, row.price),
  currency_code: row.currency,
  createDate: row.createDate,
  startDate: row.startDate,
  endDate: row.endDate,
  assistances: coverage(row).map(({ number: _, ...a }) => a),
  insured: row.insured.map((i) => ({
    ...i,
    birthdate: i.birthDate,
    beneficiaries: i.beneficiaries.map((b) => ({ ...b, birthdate: b.birthDate }))
  }))
})

/** A subscription as an origin of `getCustomerById`: its first titular, and every carga of the subscription. */
const toOrigin = (row: SubscriptionDetailRow): Option.Option<CustomerOrigin> =>
  Option.map(Option.fromNullable(row.insured[0]), (first) => {
    const { incorporation: _, beneficiaries: __, ...insured } = first
    return {
      subscription_id: row.subscription_id,
      type: "Empresa",
      name: row.retail_name,
      lead_user: "",
      policy: row.policy,
      product: { id: row.product_id, name: row.name, assistances: coverage(row) },
      insured,
      beneficiaries: row.insured.flatMap((i) => i.beneficiaries),
      price: { value: catalog(row.currency, row.price), frequency: row.frequency },
      dates: { purchase: row.createDate, init: row.startDate, end: row.endDate },
      balance: [
        {
          fee_value: catalog(row.currency, row.fee_value),
          free_months: 0,
          fees_charged: row.fees_charged,
          charged: derived(row.currency, row.charged),
          paid: derived(row.currency, row.paid),
          balance: derived(row.currency, row.balance)
        }
      ]
    }
  })

const make = Effect.gen(function* () {
  const contractors = yield* ContractorRepo
  const districts = yield* Districts
  const transaction = (yield* Transaction).withTransaction
  const versions = yield* rowVersionsOf("customer")

  const getById = (id: string): Effect.Effect<ContractorDetail, Missing> =>
    Effect.gen(function* () {
      const fields = yield* Effect.flatMap(
        contractors.findById(id),
        Effect.orElseFail(() => new Missing({ message: "No se encontró el contratante" }))
      )
      const [subscriptions, payment] = yield* Effect.all([contractors.subscriptionsOf(id), contractors.paymentsOf(id)])
      return { ...fields, subscriptions, payment: payment.map(toPayment) }
    })

  /**
   * Creates the contractor or updates the one with that RUT (blank fields keep what is stored). A
   * RUT registered as the other kind is a conflict; a new contractor needs a name.
   */
  const create = (input: ContractorCreateInput) =>
    transaction(
      Effect.gen(function* () {
        const districtId = yield* districts.resolve(input.district)
        const existing = yield* contractors.findByRut(input.rut)
        if (Option.isSome(existing) && existing.value.type !== input.type) {
          return yield* new Clash({ message: `El RUT ya está registrado como ${kindName[existing.value.type]}` })
        }
        if (Option.isNone(existing) && input.name === "") {
          const message = REQUIRED
          return yield* new Invalid({ message: `name: ${message}`, issues: [{ path: ["name"], message }] })
        }
        const id = yield* contractors.upsert({ ...input, districtId })
        // Just written: not finding it would be a defect, not the client's 404.
        return { message: "Contractor created successfully", data: yield* Effect.orDie(getById(id)) }
      })
    )

  /**
   * Palma's edit of the contractor `id` (blank fields keep what is stored, as in the upsert),
   * refused with 412 over someone else's change. RUT and kind identify the contractor: they stay.
   */
  const update = (id: string, input: ContractorCreateInput, precondition?: Precondition) =>
    transaction(
      Effect.gen(function* () {
        yield* checkVersion(versions.lock(id), precondition)
        const current = yield* Effect.flatMap(
          contractors.findById(id),
          Effect.orElseFail(() => new Missing({ message: "No se encontró el contratante" }))
        )
        if (current.rut !== input.rut || current.type !== input.type) {
          return yield* new Invalid({ message: "El RUT y el tipo de un contratante no se pueden cambiar" })
        }
        const districtId = yield* districts.resolve(input.district)
        yield* contractors.upsert({ ...input, districtId })
        return yield* versions.of(id, yield* Effect.orDie(getById(id)))
      })
    )

  const getByRut = (rut: Rut.Rut, type: ContractorKind) =>
    Effect.map(contractors.findByRut(rut), (found) => (Option.isSome(found) && found.value.type === type ? found.value : blank(rut, type)))

  const getSubscriptionById = (subscriptionId: number) =>
    contractors
      .subscription(subscriptionId)
      .pipe(Effect.flatMap(Effect.orElseFail(() => new Missing({ message: subscriptionNotFound }))), Effect.map(toSubscription))

  /** The customer and each subscription as an origin; `origins[0]` is the one the original's screen selects. */
  const getCustomerById = (id: string): Effect.Effect<CustomerOrigins, Missing> =>
    Effect.gen(function* () {
      const fields = yield* Effect.flatMap(
        contractors.findById(id),
        Effect.orElseFail(() => new Missing({ message: "No se encontró el cliente" }))
      )
      const origins = yield* contractors.origins(id)
      const { id: customerId, rut, name, paternalLastName, maternalLastName, address, district, district_id, email, phone } = fields
      return {
        customer: { id: customerId, rut, name, paternalLastName, maternalLastName, address, district, district_id, email, phone },
        type: "P",
        origins: origins.flatMap((row) => Option.toArray(toOrigin(row)))
      }
    })

  return {
    create,
    update,
    list: (criteria: ContractorSearch) => contractors.list(criteria),
    page: contractors.page,
    getById: (id: string) => versions.read(id, getById(id)),
    getByRut,
    getSubscriptionById,
    getCustomerById
  }
})

/** Contractors (who pay) and what they subscribed: upsert by RUT, lookups, subscriptions with their people and balance. */
export class ContractorService extends Context.Tag("palma/ContractorService")<ContractorService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(ContractorService, make).pipe(Layer.provide([ContractorRepo.layer, Districts.layer, Transaction.layer]))
}
