import { Effect } from "effect"
import type { InProcessServer } from "./startServer.js"

/**
 * What the case suites open cases on: a demo subscription in force today (and a year ago), its
 * titular, product, channel and first assistance, plus providers and masters to point at.
 */
export interface Fixture {
  lead: string
  insured: string
  product: string
  retail: string
  assistance: string
  otherInsured: string
  specialist: string
  partner: string
  qualification: string
  document: string
  procedures: Record<string, string>
  stages: Record<string, string>
}

/** The fixture, read from the demo data. */
export const caseFixture = (server: InProcessServer): Promise<Fixture> =>
  server.sql((sql) =>
    sql`SELECT l.id::text AS lead, li.insured_id::text AS insured, pp.product_id::text AS product, pp.retail_id::text AS retail,
        (SELECT pa.assistance_id::text FROM product_assistance pa WHERE pa.product_id = pp.product_id ORDER BY pa.position LIMIT 1) AS assistance,
        (SELECT o.insured_id::text FROM lead_insured o WHERE o.lead_id <> l.id AND NOT EXISTS (SELECT 1 FROM lead_insured x WHERE x.lead_id = l.id AND x.insured_id = o.insured_id) LIMIT 1) AS "otherInsured",
        (SELECT id::text FROM specialist WHERE is_active ORDER BY rut LIMIT 1) AS specialist,
        (SELECT id::text FROM partner WHERE is_active ORDER BY rut LIMIT 1) AS partner,
        (SELECT id::text FROM qualification ORDER BY score DESC LIMIT 1) AS qualification,
        (SELECT id::text FROM document WHERE is_active ORDER BY name LIMIT 1) AS document,
        (SELECT json_object_agg(code, id) FROM procedure) AS procedures,
        (SELECT json_object_agg(code, id) FROM stage) AS stages
      FROM lead l JOIN lead_insured li ON li.lead_id = l.id JOIN product_plan pp ON pp.id = l.product_plan_id
      WHERE current_date - 400 BETWEEN l.start_date AND l.end_date AND current_date <= l.end_date
        AND EXISTS (SELECT 1 FROM product_assistance pa WHERE pa.product_id = pp.product_id)
        -- No demo case on it: what a suite counts of its coverage is its own cases (the demo's are dated from the clock).
        AND NOT EXISTS (SELECT 1 FROM assistance_case c WHERE c.lead_id = l.id)
      ORDER BY l.subscription_id LIMIT 1`.pipe(Effect.map((rows) => rows[0] as unknown as Fixture))
  )

export const today = new Date().toISOString().slice(0, 10)

/**
 * The body the original client posts when it saves a new case (reference §1.3), its state's extra
 * keys included. The suite opens many cases on one subscription, past what its coverage allows:
 * all but the first go ahead with Palma's exception (the first shows the check passes).
 */
export const newCase = (f: Pick<Fixture, "insured" | "retail" | "product" | "assistance">, exception: string | null = "Autorizado para la prueba") => ({
  case_id: null,
  user_id: "user_someone_else",
  type: "I",
  insured: {
    type: "I",
    id: f.insured,
    rut: "",
    name: "",
    paternalLastName: "",
    maternalLastName: "",
    address: "",
    district: "",
    email: "",
    phone: "",
    birthDate: ""
  },
  beneficiary: null,
  customer: { id: "", rut: "", name: "" },
  retail: { id: f.retail, rut: "", name: "" },
  product: { id: f.product, name: "", productPlan_id: "" },
  assistance: { id: f.assistance, name: "", assigned: { amount: 0, currency: "P", maximum: 0, events: 0, lack: 0 }, used: { events: 0, total_amount: 0 } },
  lead_id: null,
  values: null,
  event: { date: today, location: "Ñuñoa", description: "Filtración bajo el lavaplatos" },
  files: null,
  procedure_id: null,
  refund: null,
  specialist: null,
  alliance: null,
  cost: null,
  status: { isClosed: false, description: "" },
  history: [],
  chatMessages: [],
  case_number: 0,
  coverageException: exception
})

/** A comuna where some active specialist performs the fixture's service (the demo data has them): a case there has candidates. */
export const servedComuna = async (server: InProcessServer, f: Fixture): Promise<string> => {
  const [served] = await server.sql(
    (sql) =>
      sql<{ name: string }>`SELECT d.name FROM specialist s JOIN specialist_district sd ON sd.specialist_id = s.id JOIN district d ON d.id = sd.district_id
      WHERE s.is_active AND EXISTS (SELECT 1 FROM specialist_specialty ss JOIN assistance_specialty a ON a.specialty_id = ss.specialty_id
        WHERE ss.specialist_id = s.id AND a.assistance_id = ${f.assistance}) ORDER BY d.name LIMIT 1`
  )
  if (served === undefined) throw new Error("Ningún especialista activo realiza el servicio del caso de prueba")
  return served.name
}
