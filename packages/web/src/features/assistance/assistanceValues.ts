import { randomId } from "@mantine/hooks"
import type { Assistance } from "@palma/core"
import { pathKey } from "../../kit"

/** A benefit or exclusion while it is edited: the text and a key that stays with it when it moves. */
export interface TextItem {
  readonly key: string
  readonly text: string
}

/** The assistance form's values; `values` are value ids in the order they are asked. */
export type AssistanceValues = {
  family_id: string | null
  name: string
  description: string
  values: string[]
  specialties: string[]
  documents: string[]
  benefits: TextItem[]
  exclusions: TextItem[]
}

export const textItem = (text: string): TextItem => ({ key: randomId("item-"), text })

/** The lists that hold ids of the family's masters, cleared when the family changes. */
export const familyLists = ["values", "specialties", "documents"] as const

/** An assistance's values, or an empty one (in the family the list shows, if any). */
export const initialValues = (item: Assistance | null, family: string | null): AssistanceValues => ({
  family_id: item?.family_id ?? family,
  name: item?.name ?? "",
  description: item?.description ?? "",
  values: [...(item?.values ?? [])].sort((a, b) => a.position - b.position).map((v) => v.id),
  specialties: (item?.specialties ?? []).map((s) => s.id),
  documents: (item?.documents ?? []).map((d) => d.id),
  benefits: (item?.benefits ?? []).map((b) => textItem(b.description)),
  exclusions: (item?.exclusions ?? []).map((e) => textItem(e.description))
})

/**
 * The request body in Palma's spelling, every list sent whole (an unchosen family is left out:
 * "obligatorio"). The contract also reads the original client's spelling; this one is the plainest.
 */
export const bodyOf = (values: AssistanceValues) => ({
  ...(values.family_id === null ? {} : { family_id: values.family_id }),
  name: values.name,
  description: values.description,
  values: values.values,
  specialties: values.specialties,
  documents: values.documents,
  benefits: values.benefits.map((b) => b.text),
  exclusions: values.exclusions.map((e) => e.text)
})

const fieldNames = new Set(["family_id", "name", "description", "values", "specialties", "documents", "benefits", "exclusions"])

/**
 * Where the form shows an issue at `path`: each value of the ordered list and each benefit or
 * exclusion beside itself, a specialty or document on its multi-select.
 */
export const fieldKeyOf = (path: ReadonlyArray<string | number>): string | null => {
  const [field, index] = path
  if (typeof field !== "string" || !fieldNames.has(field)) return null
  if (field === "specialties" || field === "documents") return field
  if ((field === "benefits" || field === "exclusions") && typeof index === "number") return `${field}.${index}.text`
  return pathKey(path.slice(0, 2))
}
