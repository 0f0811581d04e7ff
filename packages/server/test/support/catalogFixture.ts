import { AssistanceInput, type Call, ProductInput, RetailInput, Rut } from "@palma/core"
import { Schema } from "effect"

/** A valid RUT whose body is `body` (check digit computed by módulo 11). */
export const rutOf = (body: number): string => `${body}-${Rut.checkDigit(String(body))}`

export interface PlanFixture {
  readonly retailId: string
  readonly planId: string
  readonly productName: string
  /** Ids of the values the plan's product asks for, in order. */
  readonly valueIds: ReadonlyArray<string>
}

/**
 * Through the contract, as an admin would: a retail, a service asking two values of a family, a
 * product covering it and its plan for the retail. `tag` keeps names unique per suite.
 */
export const planFixture = async (admin: Call, tag: string, rutBody: number): Promise<PlanFixture> => {
  const families = await admin((c) => c.family.list({ urlParams: {} }))
  const family = families.find((f) => f.name === "Mascotas") ?? families[0]!
  const values = (await admin((c) => c.value.list({ urlParams: { family_id: family.id } }))).slice(0, 2)
  const retail = await admin((c) => c.retail.create({ payload: Schema.decodeUnknownSync(RetailInput)({ rut: rutOf(rutBody), name: `Canal ${tag}` }) }))
  const assistance = await admin((c) =>
    c.assistance.create({
      payload: Schema.decodeUnknownSync(AssistanceInput)({ family_id: family.id, name: `Servicio ${tag}`, values: values.map((v) => v.id) })
    })
  )
  const productName = `Producto ${tag}`
  const product = await admin((c) =>
    c.product.create({
      payload: Schema.decodeUnknownSync(ProductInput)({
        family_id: family.id,
        name: productName,
        cost: 5000,
        term: 12,
        beneficiaries: 2,
        currency: "P",
        dueDay: 5,
        minInsuredCompanyPrice: 4000,
        assistances: [{ assistance_id: assistance.id, amount: 100000, currency: "P", maximum: 50000, events: 3 }]
      })
    })
  )
  const plan = await admin((c) =>
    c.product.assignPrices({ payload: { id: product.id, agent_id: retail.id, customerprice: 9990, companyprice: 7000, yearlyprice: 99900 } })
  )
  return { retailId: retail.id, planId: plan.id, productName, valueIds: values.map((v) => v.id) }
}
