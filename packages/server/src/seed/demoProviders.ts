import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { Rut } from "@palma/core/domain"
import { once } from "./once.js"
import { chileanSurnames } from "./chileanSurnames.js"

const firstNames = [
  "Juan",
  "María",
  "José",
  "Camila",
  "Luis",
  "Valentina",
  "Carlos",
  "Francisca",
  "Jorge",
  "Catalina",
  "Pedro",
  "Javiera",
  "Cristián",
  "Constanza",
  "Felipe",
  "Daniela",
  "Rodrigo",
  "Fernanda",
  "Sebastián",
  "Carolina",
  "Matías",
  "Paulina",
  "Diego",
  "Andrea"
]
// The first 36 only: the demo providers keep the names they were first seeded with.
const surnames = chileanSurnames.slice(0, 36)
const streets = ["Av. Los Leones", "Calle Maipú", "Av. Pedro de Valdivia", "Pasaje Los Aromos", "Calle O'Higgins", "Av. Colón", "Calle Freire", "Av. Alemania"]

/** The comunas specialists live in (CUT codes of Chile's larger cities); each serves comunas of its own province. */
const homes = [
  "13101",
  "13114",
  "13120",
  "13123",
  "13110",
  "13119",
  "13201",
  "13401",
  "13122",
  "13105",
  "05101",
  "05109",
  "08101",
  "08110",
  "02101",
  "04101",
  "04102",
  "09101",
  "06101",
  "07101",
  "10101",
  "01101",
  "15101",
  "14101",
  "16101",
  "03101",
  "12101",
  "11101"
]

/** The trades each specialist works in together, by the demo specialties' names. */
const trades: ReadonlyArray<ReadonlyArray<string>> = [
  ["Gasfitería"],
  ["Electricidad"],
  ["Cerrajería", "Vidriería"],
  ["Gasfitería", "Climatización"],
  ["Carpintería", "Pintura"],
  ["Electricidad", "Climatización"],
  ["Urgencia veterinaria", "Consulta veterinaria"],
  ["Telemedicina", "Medicina general"],
  ["Enfermería a domicilio"],
  ["Kinesiología"],
  ["Apoyo escolar", "Psicopedagogía"],
  ["Grúa"],
  ["Mecánica ligera", "Cambio de neumático"],
  ["Mecánica de bicicletas", "Traslado de bicicleta"],
  ["Peluquería canina"],
  ["Suministro de combustible", "Cambio de neumático"]
]
/** Trades that can be done by phone or video: some of their specialists work remotely. */
const remoteTrades = new Set(["Telemedicina", "Apoyo escolar", "Psicopedagogía", "Consulta veterinaria"])

const partners: ReadonlyArray<readonly [name: string, line: string, specialties: ReadonlyArray<string>, home: string]> = [
  ["Gasfitería Los Andes SpA", "Servicios de gasfitería", ["Gasfitería"], "13123"],
  ["Cerrajería Central Ltda.", "Cerrajería y seguridad", ["Cerrajería"], "13101"],
  ["Electro Hogar Sur SpA", "Instalaciones eléctricas", ["Electricidad", "Climatización"], "08101"],
  ["Clínica Veterinaria San Francisco", "Servicios veterinarios", ["Urgencia veterinaria", "Consulta veterinaria"], "13114"],
  ["Vidrios y Cristales Pacífico Ltda.", "Vidriería", ["Vidriería"], "05109"],
  ["Grúas Ruta 5 SpA", "Remolque de vehículos", ["Grúa"], "06101"],
  ["Telemedicina Integral SpA", "Atención médica remota", ["Telemedicina", "Medicina general"], "13120"],
  ["Cuidar Enfermería a Domicilio Ltda.", "Enfermería", ["Enfermería a domicilio", "Kinesiología"], "05101"],
  ["Climatización Norte Grande SpA", "Climatización", ["Climatización"], "02101"],
  ["Bicicletería Ruedas del Sur", "Reparación de bicicletas", ["Mecánica de bicicletas", "Traslado de bicicleta"], "09101"],
  ["Aprende Más Apoyo Escolar SpA", "Educación", ["Apoyo escolar", "Psicopedagogía"], "04101"],
  ["Pinturas y Terminaciones Maule Ltda.", "Terminaciones de construcción", ["Pintura", "Carpintería"], "07101"],
  ["Mecánica Móvil Express SpA", "Mecánica automotriz", ["Mecánica ligera", "Cambio de neumático", "Suministro de combustible"], "13119"],
  ["Peluquería Canina Patitas Ltda.", "Estética canina", ["Peluquería canina"], "10101"],
  ["Maestranza y Carpintería Nativa Ltda.", "Carpintería", ["Carpintería"], "14101"]
]

const SPECIALISTS = 60

const rutOf = (body: number) => `${body}-${Rut.checkDigit(String(body))}`
const plain = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "")

/**
 * Demo providers: 60 specialists over real comunas (some working remotely) and 15 partners, with
 * valid RUTs and Chilean names, all derived from their position in these lists so every fresh
 * start has the same ones. Specialties or comunas that are missing are skipped, never a failed start.
 */
export const seedDemoProviders = once(
  "demo-providers-v1",
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const specialtyRows = yield* sql<{ id: string; name: string }>`SELECT id, name FROM specialty WHERE is_active ORDER BY name, id`
    const specialtyIds = (names: ReadonlyArray<string>) =>
      names.flatMap((name) => {
        const row = specialtyRows.find((s) => s.name === name)
        return row ? [row.id] : []
      })
    const comunas = yield* sql<{ id: string; province_id: string }>`SELECT id, province_id FROM district ORDER BY id`
    const nearby = (home: string, count: number) => {
      const province = comunas.find((c) => c.id === home)?.province_id
      return province === undefined
        ? []
        : comunas
            .filter((c) => c.province_id === province)
            .slice(0, count)
            .map((c) => c.id)
    }

    for (let i = 0; i < SPECIALISTS; i++) {
      const trade = trades[i % trades.length]!
      const specialties = specialtyIds(trade)
      const home = homes[(i * 7) % homes.length]!
      const remote = trade.some((t) => remoteTrades.has(t)) && i % 2 === 0
      const served = remote ? [] : [...new Set([home, ...nearby(home, 2 + (i % 6))])]
      if (specialties.length === 0 || (!remote && served.length === 0)) continue
      const name = firstNames[i % firstNames.length]!
      const paternal = surnames[(i * 5) % surnames.length]!
      const maternal = surnames[(i * 11 + 3) % surnames.length]!
      const row = {
        rut: rutOf(9_000_000 + i * 191_153),
        name,
        paternal_last_name: paternal,
        maternal_last_name: maternal,
        birth_date: `${1965 + (i % 30)}-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
        address: `${streets[i % streets.length]} ${100 + ((i * 37) % 3900)}`,
        district_id: comunas.some((c) => c.id === home) ? home : null,
        email: `${plain(name)}.${plain(paternal)}${i}@correo.cl`,
        phone: `+56 9 ${String(5000_0000 + i * 7_919).replace(/(\d{4})(\d{4})/, "$1 $2")}`,
        is_remote: remote
      }
      // A specialist an admin already created with this RUT is kept as it is.
      const [created] = yield* sql<{ id: string }>`INSERT INTO specialist ${sql.insert(row)} ON CONFLICT (rut) DO NOTHING RETURNING id`
      if (!created) continue
      yield* sql`INSERT INTO specialist_specialty ${sql.insert(specialties.map((specialty_id) => ({ specialist_id: created.id, specialty_id })))}`
      if (served.length > 0)
        yield* sql`INSERT INTO specialist_district ${sql.insert(served.map((district_id) => ({ specialist_id: created.id, district_id })))}`
    }

    for (const [index, [name, line, names, home]] of partners.entries()) {
      const specialties = specialtyIds(names)
      if (specialties.length === 0) continue
      const row = {
        rut: rutOf(76_200_000 + index * 48_611),
        name,
        legal_representative: `${firstNames[(index * 3) % firstNames.length]} ${surnames[(index * 7 + 1) % surnames.length]} ${surnames[(index * 13 + 2) % surnames.length]}`,
        line,
        address: `${streets[(index + 3) % streets.length]} ${200 + index * 141}`,
        district_id: comunas.some((c) => c.id === home) ? home : null,
        email: `contacto@${plain(name).slice(0, 24)}.cl`,
        phone: `+56 2 2${String(400_0000 + index * 13_337).replace(/(\d{3})(\d{4})/, "$1 $2")}`
      }
      const [created] = yield* sql<{ id: string }>`INSERT INTO partner ${sql.insert(row)} ON CONFLICT (rut) DO NOTHING RETURNING id`
      if (!created) continue
      yield* sql`INSERT INTO partner_specialty ${sql.insert(specialties.map((specialty_id) => ({ partner_id: created.id, specialty_id })))}`
    }
  })
)
