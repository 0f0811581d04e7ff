import type { PersonKind } from "@palma/core"

export const peoplePath = "/assistance/people"

/** A person found, by kind and id. */
export const personPath = (kind: PersonKind, id: string) => `${peoplePath}/${kind}/${id}`

export const kindOf = (value: string | null | undefined): PersonKind => (value === "customer" ? "customer" : "insured")

/** How each kind reads on the screen. */
export const kindTexts = {
  insured: { tab: "Asegurados", noun: "asegurados", table: "Asegurados encontrados" },
  customer: { tab: "Clientes", noun: "clientes", table: "Clientes encontrados" }
} as const satisfies Record<PersonKind, { tab: string; noun: string; table: string }>
