import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { once } from "./once.js"

/** Demo services: each names masters of its family (seeded by demoMasters). */
interface DemoAssistance {
  readonly family: string
  readonly name: string
  readonly description: string
  readonly values: ReadonlyArray<string>
  readonly specialties: ReadonlyArray<string>
  readonly documents: ReadonlyArray<string>
  readonly benefits: ReadonlyArray<string>
  readonly exclusions: ReadonlyArray<string>
}

const home = (name: string, description: string, benefits: ReadonlyArray<string>, exclusions: ReadonlyArray<string>): DemoAssistance => ({
  family: "Hogar",
  name,
  description,
  values: ["Tipo de vivienda", "Descripción del daño"],
  specialties: [name],
  documents: ["Foto del daño", "Boleta o factura"],
  benefits,
  exclusions
})

const assistances: ReadonlyArray<DemoAssistance> = [
  home(
    "Gasfitería",
    "Reparación de emergencia de filtraciones y destape de cañerías en la vivienda.",
    ["Reparación de filtraciones en cañerías a la vista", "Destape de desagües, lavaplatos y WC", "Mano de obra y materiales básicos"],
    ["Cañerías embutidas en muros o losas", "Daños preexistentes al inicio de la cobertura"]
  ),
  home(
    "Electricidad",
    "Restablecimiento del suministro eléctrico ante cortocircuitos y fallas internas.",
    ["Revisión y cambio de enchufes, interruptores y automáticos", "Reparación de cortocircuitos en la instalación interior"],
    ["Fallas del suministro de la compañía eléctrica", "Artefactos eléctricos y electrodomésticos"]
  ),
  home(
    "Cerrajería",
    "Apertura de puertas y cambio de cerraduras ante pérdida, robo o inutilización de llaves.",
    ["Apertura de la puerta principal", "Cambio de cilindro de la cerradura"],
    ["Puertas de muebles, garajes o bodegas", "Cerraduras electrónicas"]
  ),
  home(
    "Vidriería",
    "Reposición de vidrios exteriores quebrados que comprometan la seguridad de la vivienda.",
    ["Reposición de vidrios de ventanas exteriores", "Retiro de restos de vidrio"],
    ["Vidrios decorativos, espejos y termopaneles especiales", "Roturas por falta de mantención"]
  ),
  {
    family: "Mascotas",
    name: "Urgencia veterinaria",
    description: "Atención veterinaria de urgencia por accidente o enfermedad repentina de la mascota.",
    values: ["Nombre de la mascota", "Marca de la mascota", "Fecha de nacimiento de la mascota"],
    specialties: ["Urgencia veterinaria"],
    documents: ["Certificado veterinario", "Boleta veterinaria"],
    benefits: ["Consulta de urgencia", "Exámenes y procedimientos de urgencia hasta el tope"],
    exclusions: ["Enfermedades preexistentes", "Tratamientos estéticos"]
  },
  {
    family: "Mascotas",
    name: "Consulta veterinaria",
    description: "Consulta veterinaria general en clínica en convenio o a domicilio.",
    values: ["Nombre de la mascota", "Marca de la mascota"],
    specialties: ["Consulta veterinaria"],
    documents: ["Boleta veterinaria"],
    benefits: ["Consulta general", "Vacuna antirrábica anual"],
    exclusions: ["Medicamentos", "Cirugías programadas"]
  },
  {
    family: "Salud",
    name: "Telemedicina",
    description: "Orientación médica por videollamada las 24 horas, con receta electrónica cuando corresponda.",
    values: ["Síntomas", "Fecha de inicio de síntomas"],
    specialties: ["Telemedicina", "Medicina general"],
    documents: ["Informe médico", "Receta médica"],
    benefits: ["Videollamada con médico general", "Receta y orden de exámenes electrónicas"],
    exclusions: ["Licencias médicas", "Atención de especialidades"]
  },
  {
    family: "Salud",
    name: "Enfermería a domicilio",
    description: "Procedimientos de enfermería en el domicilio indicados por un médico.",
    values: ["Síntomas"],
    specialties: ["Enfermería a domicilio"],
    documents: ["Receta médica", "Boleta de atención"],
    benefits: ["Curaciones simples", "Administración de inyectables"],
    exclusions: ["Insumos y medicamentos", "Cuidados permanentes"]
  },
  {
    family: "Vehicular",
    name: "Grúa",
    description: "Traslado del vehículo en grúa ante avería o accidente.",
    values: ["Patente", "Marca del vehículo"],
    specialties: ["Grúa"],
    documents: ["Padrón del vehículo", "Foto del vehículo"],
    benefits: ["Traslado al taller más cercano", "Hasta 50 km por evento"],
    exclusions: ["Vehículos de más de 3.500 kg", "Vehículos con carga"]
  },
  {
    family: "Vehicular",
    name: "Auxilio mecánico",
    description: "Asistencia en ruta para que el vehículo siga su camino.",
    values: ["Patente", "Marca del vehículo", "Año del vehículo"],
    specialties: ["Mecánica ligera", "Cambio de neumático", "Suministro de combustible"],
    documents: ["Licencia de conducir"],
    benefits: ["Cambio de neumático", "Paso de corriente", "Suministro de combustible (el combustible lo paga el cliente)"],
    exclusions: ["Repuestos", "Reparaciones en taller"]
  },
  {
    family: "Escolar",
    name: "Apoyo escolar",
    description: "Clases de reforzamiento en línea para estudiantes de básica y media.",
    values: ["Nombre del alumno", "Curso"],
    specialties: ["Apoyo escolar", "Psicopedagogía"],
    documents: ["Certificado de alumno regular"],
    benefits: ["Clases en línea de matemáticas y lenguaje", "Evaluación psicopedagógica"],
    exclusions: ["Preuniversitario", "Clases presenciales"]
  },
  {
    family: "Ciclista",
    name: "Traslado de bicicleta",
    description: "Traslado del ciclista y su bicicleta ante avería o accidente.",
    values: ["Marca de la bicicleta"],
    specialties: ["Traslado de bicicleta", "Mecánica de bicicletas"],
    documents: ["Foto de la bicicleta"],
    benefits: ["Traslado hasta el domicilio o taller más cercano"],
    exclusions: ["Competencias deportivas"]
  }
]

/** Coverage of one demo service: amounts in the coverage's currency (pesos as numbers, UF as text). */
type Coverage = readonly [assistance: string, amount: number | string, maximum: number | string, events: number, lack: number]

interface DemoProduct {
  readonly family: string
  readonly name: string
  readonly currency: "P" | "U"
  readonly cost: number | string
  readonly minInsuredCompanyPrice: number | string
  readonly term: 12 | 24 | 36
  readonly beneficiaries: number
  readonly dueDay: number
  readonly subTitle: string
  readonly description: string
  readonly coverage: ReadonlyArray<Coverage>
}

const territorialScope = "Todo Chile continental, en zonas urbanas y rurales con acceso vehicular."
const hiringConditions =
  "Pueden contratar personas naturales mayores de 18 años con residencia en Chile. La cobertura comienza al día siguiente del pago de la primera prima y cada servicio respeta su período de carencia. Los topes se renuevan en cada período de vigencia."

const products: ReadonlyArray<DemoProduct> = [
  {
    family: "Hogar",
    name: "Asistencia Hogar",
    currency: "P",
    cost: 2990,
    minInsuredCompanyPrice: 1990,
    term: 12,
    beneficiaries: 0,
    dueDay: 5,
    subTitle: "Tu hogar protegido las 24 horas",
    description: "Técnicos a domicilio para las urgencias de tu hogar: gasfitería, electricidad, cerrajería y vidriería.",
    coverage: [
      ["Gasfitería", 150000, 50000, 3, 30],
      ["Electricidad", 150000, 50000, 3, 30],
      ["Cerrajería", 100000, 50000, 3, 0],
      ["Vidriería", 120000, 60000, 2, 30]
    ]
  },
  {
    family: "Mascotas",
    name: "Asistencia Mascota",
    currency: "P",
    cost: 3990,
    minInsuredCompanyPrice: 2490,
    term: 12,
    beneficiaries: 0,
    dueDay: 10,
    subTitle: "Cuidado veterinario para tu perro o gato",
    description: "Urgencias y consultas veterinarias para tu mascota, en clínicas en convenio o a domicilio.",
    coverage: [
      ["Urgencia veterinaria", 200000, 100000, 2, 15],
      ["Consulta veterinaria", 60000, 30000, 4, 0]
    ]
  },
  {
    family: "Hogar",
    name: "Asistencia Integral",
    currency: "U",
    cost: "0.35",
    minInsuredCompanyPrice: "0.25",
    term: 24,
    beneficiaries: 4,
    dueDay: 5,
    subTitle: "Hogar, salud, mascota y auto en un solo plan",
    description: "La protección completa para tu familia: urgencias del hogar, telemedicina, veterinaria y grúa.",
    coverage: [
      ["Gasfitería", "4.00", "2.00", 3, 30],
      ["Cerrajería", "3.00", "1.50", 3, 0],
      ["Urgencia veterinaria", "5.00", "2.50", 2, 15],
      ["Telemedicina", "2.00", "0.50", 6, 0],
      ["Grúa", "3.50", "1.75", 2, 0]
    ]
  }
]

/**
 * Demo services of each family and three products with coverage. Masters an admin renamed or
 * removed before this step first ran are skipped, never a failed start.
 */
export const seedDemoCatalog = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* once(
    "demo-catalog-v1",
    Effect.gen(function* () {
      const familyRows = yield* sql<{ id: string; name: string }>`SELECT id, name FROM family WHERE is_active`
      const familyId = new Map(familyRows.map((f) => [f.name, f.id]))
      const members = (table: string) =>
        sql<{ id: string; family_id: string; name: string }>`SELECT id, family_id, name FROM ${sql(table)} WHERE is_active`.pipe(
          Effect.map((rows) => new Map(rows.map((r) => [`${r.family_id}|${r.name}`, r.id])))
        )
      const [values, specialties, documents] = yield* Effect.all([members("value"), members("specialty"), members("document")])
      const pick = (map: Map<string, string>, family_id: string, names: ReadonlyArray<string>) =>
        names.flatMap((name) => {
          const id = map.get(`${family_id}|${name}`)
          return id ? [id] : []
        })

      const assistanceId = new Map<string, string>()
      for (const a of assistances) {
        const family_id = familyId.get(a.family)
        if (!family_id) continue
        const [row] = yield* sql<{ id: string }>`INSERT INTO assistance ${sql.insert({
          family_id,
          name: a.name,
          description: a.description,
          benefits: [...a.benefits],
          exclusions: [...a.exclusions]
        })} RETURNING id`
        const id = row!.id
        assistanceId.set(a.name, id)
        const links = [
          ["assistance_value", "value_id", pick(values, family_id, a.values)],
          ["assistance_specialty", "specialty_id", pick(specialties, family_id, a.specialties)],
          ["assistance_document", "document_id", pick(documents, family_id, a.documents)]
        ] as const
        for (const [table, column, ids] of links) {
          if (ids.length === 0) continue
          yield* sql`INSERT INTO ${sql(table)} ${sql.insert(ids.map((memberId, i) => ({ assistance_id: id, [column]: memberId, position: i + 1 })))}`
        }
      }

      for (const p of products) {
        const family_id = familyId.get(p.family)
        if (!family_id) continue
        const [row] = yield* sql<{ id: string }>`INSERT INTO product ${sql.insert({
          family_id,
          name: p.name,
          cost: String(p.cost),
          frequency: "M",
          term: p.term,
          beneficiaries: p.beneficiaries,
          currency: p.currency,
          due_day: p.dueDay,
          min_insured_company_price: String(p.minInsuredCompanyPrice),
          title: p.name,
          sub_title: p.subTitle,
          description: p.description,
          territorial_scope: territorialScope,
          hiring_conditions: hiringConditions
        })} RETURNING id`
        const coverage = p.coverage.flatMap(([name, amount, maximum, events, lack]) => {
          const assistance_id = assistanceId.get(name)
          return assistance_id ? [{ assistance_id, amount: String(amount), currency: p.currency, maximum: String(maximum), events, lack }] : []
        })
        if (coverage.length === 0) continue
        yield* sql`INSERT INTO product_assistance ${sql.insert(coverage.map((c, i) => ({ product_id: row!.id, position: i + 1, ...c })))}`
      }
    })
  )
})
