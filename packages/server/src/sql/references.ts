/**
 * Who points at whom, from the migrations: the one table both "what uses this row" (before a
 * delete) and "what this row needs" (before a restore) are read from. A new foreign key between
 * deactivatable rows gets its line here.
 */

/** How messages name rows of a table: singular, plural and the article of its gender. */
export interface Noun {
  readonly one: string
  readonly many: string
  readonly article: "el" | "la"
}

export const nouns = {
  family: { one: "familia", many: "familias", article: "la" },
  specialty: { one: "especialidad", many: "especialidades", article: "la" },
  document: { one: "documento", many: "documentos", article: "el" },
  value_type: { one: "tipo de valor", many: "tipos de valor", article: "el" },
  value: { one: "valor", many: "valores", article: "el" },
  assistance: { one: "servicio", many: "servicios", article: "el" },
  product: { one: "producto", many: "productos", article: "el" },
  specialist: { one: "especialista", many: "especialistas", article: "el" },
  partner: { one: "alianza", many: "alianzas", article: "la" }
} as const satisfies Record<string, Noun>

export type NamedTable = keyof typeof nouns

/**
 * `from.column` holds the id of a `target` row. A link table has no `is_active` of its own: a link
 * counts while its `owner` row (through `ownerColumn`) is active, and messages count owners.
 */
export type Reference =
  | { readonly target: NamedTable; readonly from: NamedTable; readonly column: string }
  | { readonly target: NamedTable; readonly from: string; readonly column: string; readonly owner: NamedTable; readonly ownerColumn: string }

export const references: ReadonlyArray<Reference> = [
  { target: "family", from: "specialty", column: "family_id" },
  { target: "family", from: "document", column: "family_id" },
  { target: "family", from: "value", column: "family_id" },
  { target: "family", from: "assistance", column: "family_id" },
  { target: "family", from: "product", column: "family_id" },
  { target: "value_type", from: "value", column: "value_type_id" },
  { target: "value", from: "assistance_value", column: "value_id", owner: "assistance", ownerColumn: "assistance_id" },
  { target: "specialty", from: "assistance_specialty", column: "specialty_id", owner: "assistance", ownerColumn: "assistance_id" },
  { target: "document", from: "assistance_document", column: "document_id", owner: "assistance", ownerColumn: "assistance_id" },
  { target: "assistance", from: "product_assistance", column: "assistance_id", owner: "product", ownerColumn: "product_id" },
  { target: "specialty", from: "specialist_specialty", column: "specialty_id", owner: "specialist", ownerColumn: "specialist_id" },
  { target: "specialty", from: "partner_specialty", column: "specialty_id", owner: "partner", ownerColumn: "partner_id" }
]

/** "4 servicios", "1 producto". */
export const counted = (noun: Noun, count: number): string => `${count} ${count === 1 ? noun.one : noun.many}`

/** "a, b y c". */
export const listed = (parts: ReadonlyArray<string>): string =>
  parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} y ${parts[parts.length - 1]}`
