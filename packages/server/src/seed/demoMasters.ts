import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { once } from "./once.js"

/** Demo catalog masters: the business lines with real trades, documents and questions. */
const families: Record<string, { specialties: string[]; documents: string[]; values: Array<[string, "D" | "S" | "C" | "N"]> }> = {
  Hogar: {
    specialties: ["Gasfitería", "Electricidad", "Cerrajería", "Vidriería", "Carpintería", "Pintura", "Climatización"],
    documents: ["Boleta o factura", "Foto del daño", "Presupuesto del técnico"],
    values: [
      ["Tipo de vivienda", "S"],
      ["Descripción del daño", "C"],
      ["Metros cuadrados afectados", "N"]
    ]
  },
  Salud: {
    specialties: ["Telemedicina", "Medicina general", "Enfermería a domicilio", "Kinesiología"],
    documents: ["Informe médico", "Boleta de atención", "Receta médica"],
    values: [
      ["Síntomas", "C"],
      ["Fecha de inicio de síntomas", "D"]
    ]
  },
  Mascotas: {
    specialties: ["Urgencia veterinaria", "Consulta veterinaria", "Peluquería canina"],
    documents: ["Certificado veterinario", "Boleta veterinaria", "Foto de la mascota"],
    values: [
      ["Nombre de la mascota", "S"],
      ["Marca de la mascota", "S"],
      ["Fecha de nacimiento de la mascota", "D"]
    ]
  },
  Escolar: {
    specialties: ["Apoyo escolar", "Psicopedagogía"],
    documents: ["Certificado de alumno regular"],
    values: [
      ["Nombre del alumno", "S"],
      ["Curso", "S"]
    ]
  },
  Vehicular: {
    specialties: ["Grúa", "Mecánica ligera", "Cambio de neumático", "Suministro de combustible"],
    documents: ["Padrón del vehículo", "Licencia de conducir", "Foto del vehículo"],
    values: [
      ["Patente", "S"],
      ["Marca del vehículo", "S"],
      ["Año del vehículo", "N"]
    ]
  },
  Ciclista: {
    specialties: ["Mecánica de bicicletas", "Traslado de bicicleta"],
    documents: ["Foto de la bicicleta", "Boleta de compra"],
    values: [["Marca de la bicicleta", "S"]]
  }
}

export const seedDemoMasters = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* once(
    "demo-masters-v1",
    Effect.gen(function* () {
      const types = yield* sql<{ id: string; code: string }>`SELECT id, code FROM value_type WHERE is_active`
      const typeId = new Map(types.map((t) => [t.code, t.id]))
      for (const [name, data] of Object.entries(families)) {
        const [family] = yield* sql<{ id: string }>`INSERT INTO family ${sql.insert({ name })} RETURNING id`
        const family_id = family!.id
        yield* sql`INSERT INTO specialty ${sql.insert(data.specialties.map((s) => ({ family_id, name: s })))}`
        yield* sql`INSERT INTO document ${sql.insert(data.documents.map((d) => ({ family_id, name: d })))}`
        yield* sql`INSERT INTO value ${sql.insert(data.values.map(([v, code]) => ({ family_id, value_type_id: typeId.get(code)!, name: v })))}`
      }
    })
  )
})
