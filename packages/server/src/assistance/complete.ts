import type { Assistance, AssistanceInput } from "@palma/core/domain"

/** What is written for an assistance: every part given. */
export type AssistanceWrite = Required<AssistanceInput>

/**
 * An input with what it leaves out taken from the stored assistance (nothing, for a new one):
 * the seed's `updateById` sends only `{id, family_id, name, description}` and must not empty the lists.
 */
export const complete = (input: AssistanceInput, current: Assistance | null): AssistanceWrite => ({
  family_id: input.family_id,
  name: input.name,
  description: input.description ?? current?.description ?? "",
  values: input.values ?? current?.values.map((v) => v.id) ?? [],
  specialties: input.specialties ?? current?.specialties.map((s) => s.id) ?? [],
  documents: input.documents ?? current?.documents.map((d) => d.id) ?? [],
  benefits: input.benefits ?? current?.benefits.map((b) => b.description) ?? [],
  exclusions: input.exclusions ?? current?.exclusions.map((e) => e.description) ?? []
})
