import { Effect, Either } from "effect"
import { type Currency, type PlanPricesInput, readAmount } from "@palma/core/domain"
import { type FieldProblem, Invalid } from "../domain/errors.js"
import type { Prices } from "./PlanRepo.js"

const priceFields = ["customerprice", "companyprice", "yearlyprice"] as const

/** The input's three prices read in the product's currency, or Invalid (in Spanish) naming each one that is not a price there. */
export const readPrices = (currency: Currency, input: PlanPricesInput): Effect.Effect<Prices, Invalid> => {
  const read = Either.all({
    customer: readAmount(currency, input.customerprice),
    company: readAmount(currency, input.companyprice),
    yearly: readAmount(currency, input.yearlyprice)
  })
  if (Either.isRight(read)) return Effect.succeed(read.right)
  const issues: Array<FieldProblem> = priceFields.flatMap((field) =>
    Either.match(readAmount(currency, input[field]), { onLeft: (message) => [{ path: [field], message }], onRight: () => [] })
  )
  return Effect.fail(new Invalid({ message: issues[0]!.message, issues }))
}
