import type { AssistanceServerSeed, MemberSeed } from "./fakeAssistances"

/** Two families with their values, specialties and documents, as the catalog tests use them. */
export const members: ReadonlyArray<MemberSeed> = [
  { kind: "value", family: "Hogar", name: "Dirección", type: "S" },
  { kind: "value", family: "Hogar", name: "Tipo de vivienda", type: "S" },
  { kind: "value", family: "Hogar", name: "Fecha del daño", type: "D" },
  { kind: "value", family: "Vehicular", name: "Patente", type: "S" },
  { kind: "specialty", family: "Hogar", name: "Gasfitería" },
  { kind: "specialty", family: "Hogar", name: "Electricidad" },
  { kind: "specialty", family: "Vehicular", name: "Grúa" },
  { kind: "document", family: "Hogar", name: "Boleta" },
  { kind: "document", family: "Hogar", name: "Foto del daño" },
  { kind: "document", family: "Vehicular", name: "Padrón" }
]

export const catalogSeed = (more: Omit<AssistanceServerSeed, "masters" | "members"> = {}): AssistanceServerSeed => ({
  masters: {
    family: [{ name: "Hogar" }, { name: "Vehicular" }],
    valueType: [
      { code: "S", name: "Texto corto" },
      { code: "D", name: "Fecha" }
    ]
  },
  members,
  ...more
})
