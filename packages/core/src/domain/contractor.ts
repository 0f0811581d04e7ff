import { Schema } from "effect"
import { Choice } from "./common.js"
import { Id, OptionalText, Payload, Text } from "./fields.js"
import { personFields, personInputFields } from "./person.js"
import { REQUIRED } from "./messages.js"

/** Who pays: a person (P) or a company (E, empresa). A company's `name` is its razón social. */
export const ContractorType = Choice(["P", "E"], "Tipo de contratante inválido: P (persona) o E (empresa)")
export type ContractorType = typeof ContractorType.Type

export const Contractor = Schema.Struct({
  id: Id,
  type: ContractorType,
  ...personFields,
  line: Schema.String,
  isActive: Schema.Boolean
})
export type Contractor = typeof Contractor.Type

export const ContractorInput = Payload({
  type: ContractorType,
  ...personInputFields,
  name: Text(120),
  // A company has no last names; a person's paternal one is checked below.
  paternalLastName: Schema.optionalWith(OptionalText(80), { default: () => "" }),
  line: Schema.optionalWith(OptionalText(120), { default: () => "" })
}).pipe(Schema.filter((c) => c.type === "E" || c.paternalLastName !== "" || { path: ["paternalLastName"], message: REQUIRED }))
export type ContractorInput = typeof ContractorInput.Type
