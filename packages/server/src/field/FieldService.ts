import { Context, Effect, Layer } from "effect"
import { type RosterField, requiredColumns, rosterFieldFormat, rosterFieldLabel, rosterFieldNames, valueFormat } from "@palma/core/domain"
import { Missing } from "../domain/errors.js"
import { FieldRepo, type ValueRow } from "./FieldRepo.js"
import { planNotFound } from "../domain/messages.js"

/** The roster fields every plan has, in display order; rut, name and paternal last name are always required. */
const rosterFields: ReadonlyArray<RosterField> = rosterFieldNames.map((field) => ({
  type: "ASE",
  id: field,
  name: rosterFieldLabel[field],
  format: rosterFieldFormat[field],
  field,
  label: rosterFieldLabel[field],
  kind: "person",
  valueType_code: null,
  required: (requiredColumns as ReadonlyArray<string>).includes(field)
}))

const valueField = (value: ValueRow): RosterField => ({
  type: "VAL",
  id: value.id,
  name: value.name,
  format: valueFormat(value.code),
  field: value.id,
  label: value.name,
  kind: "value",
  valueType_code: value.code,
  required: false
})

const make = Effect.gen(function* () {
  const repo = yield* FieldRepo
  return {
    /** What can be a column of an active plan's roster: the roster fields, then the plan's values. */
    ofPlan: (planId: string): Effect.Effect<ReadonlyArray<RosterField>, Missing> =>
      repo.productOfPlan(planId).pipe(
        Effect.flatMap(Effect.orElseFail(() => new Missing({ message: planNotFound }))),
        Effect.flatMap(repo.valuesOf),
        Effect.map((values) => [...rosterFields, ...values.map(valueField)])
      )
  }
})

/** The possible columns of a plan's roster: roster fields, then the values the plan's product asks for. */
export class FieldService extends Context.Tag("palma/FieldService")<FieldService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(FieldService, make).pipe(Layer.provide(FieldRepo.layer))
}
