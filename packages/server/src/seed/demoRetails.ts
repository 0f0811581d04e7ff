import { SqlClient } from "@effect/sql"
import { Effect, Layer, Schema } from "effect"
import { FileFormatInput, Rut } from "@palma/core/domain"
import { FieldService } from "../field/FieldService.js"
import { FileFormatService } from "../fileFormat/FileFormatService.js"
import { once } from "./once.js"

type Price = number | string
type Plan = readonly [product: string, customer: Price, company: Price, yearly: Price]

interface DemoRetail {
  readonly rutBody: string
  readonly name: string
  readonly fantasyName: string
  readonly legalRepresentative: string
  readonly line: string
  readonly address: string
  /** A comuna's CUT code; dropped if the official list does not have it. */
  readonly district: string
  readonly email: string
  readonly phone: string
  /** Plans of demo products (by name; prices in the product's currency: pesos as numbers, UF as texts). */
  readonly plans: ReadonlyArray<Plan>
  /** The retail's roster headers for person and policy fields, in its column order. */
  readonly columns: ReadonlyArray<readonly [field: string, header: string]>
  /** How the retail titles the product's value columns, which follow. */
  readonly valueHeader: (label: string) => string
}

const retails: ReadonlyArray<DemoRetail> = [
  {
    rutBody: "97045000",
    name: "Tarjeta Banco Austral",
    fantasyName: "Austral",
    legalRepresentative: "Marcela Riquelme Soto",
    line: "Banca y emisión de tarjetas de crédito",
    address: "Av. Libertador Bernardo O'Higgins 1449",
    district: "13101",
    email: "convenios@bancoaustral.cl",
    phone: "+56 2 2600 4000",
    plans: [
      ["Asistencia Hogar", 3490, 2490, 38390],
      ["Asistencia Integral", "0.45", "0.30", "4.95"]
    ],
    columns: [
      ["rut", "RUT"],
      ["name", "NOMBRES"],
      ["paternalLastName", "APELLIDO PATERNO"],
      ["maternalLastName", "APELLIDO MATERNO"],
      ["birthDate", "FECHA NACIMIENTO"],
      ["email", "EMAIL"],
      ["phone", "TELEFONO"],
      ["district", "COMUNA"],
      ["address", "DIRECCION"],
      ["initialDate", "FECHA INICIO"],
      ["endDate", "FECHA TERMINO"]
    ],
    valueHeader: (label) => label.toUpperCase()
  },
  {
    rutBody: "76512340",
    name: "Tiendas Andes",
    fantasyName: "Andes",
    legalRepresentative: "Jorge Valenzuela Parra",
    line: "Grandes tiendas y comercio minorista",
    address: "Av. Providencia 2124",
    district: "13123",
    email: "seguros@tiendasandes.cl",
    phone: "+56 2 2750 1200",
    plans: [
      ["Asistencia Hogar", 3290, 2390, 36190],
      ["Asistencia Mascota", 4490, 2990, 49390]
    ],
    columns: [
      ["rut", "Rut Cliente"],
      ["name", "Nombre"],
      ["paternalLastName", "Apellido Paterno"],
      ["maternalLastName", "Apellido Materno"],
      ["email", "Correo"],
      ["phone", "Celular"],
      ["district", "Comuna"],
      ["initialDate", "Inicio"],
      ["endDate", "Término"]
    ],
    valueHeader: (label) => label
  },
  {
    rutBody: "77345670",
    name: "Corredora Pacífico",
    fantasyName: "Pacífico Seguros",
    legalRepresentative: "Francisca Lagos Muñoz",
    line: "Corretaje de seguros",
    address: "Av. San Martín 745, oficina 52",
    district: "05109",
    email: "operaciones@corredorapacifico.cl",
    phone: "+56 32 268 9900",
    plans: [
      ["Asistencia Integral", "0.42", "0.29", "4.62"],
      ["Asistencia Mascota", 4290, 2890, 47190]
    ],
    columns: [
      ["rut", "RUT Asegurado"],
      ["name", "Nombres"],
      ["paternalLastName", "Paterno"],
      ["maternalLastName", "Materno"],
      ["birthDate", "Nacimiento"],
      ["address", "Dirección"],
      ["district", "Código Comuna"],
      ["email", "E-mail"],
      ["initialDate", "Vigencia Desde"],
      ["endDate", "Vigencia Hasta"]
    ],
    valueHeader: (label) => label
  },
  {
    rutBody: "76098760",
    name: "Canal Web Palma",
    fantasyName: "palma.cl",
    legalRepresentative: "Ignacio Fuentes Rojas",
    line: "Venta directa por internet",
    address: "Av. Apoquindo 4501, piso 12",
    district: "13114",
    email: "web@palma.cl",
    phone: "+56 2 2940 3000",
    plans: [
      ["Asistencia Hogar", 2990, 1990, 32890],
      ["Asistencia Mascota", 3990, 2490, 43890],
      ["Asistencia Integral", "0.35", "0.25", "3.85"]
    ],
    columns: [
      ["rut", "rut"],
      ["name", "nombre"],
      ["paternalLastName", "apellido_paterno"],
      ["maternalLastName", "apellido_materno"],
      ["birthDate", "fecha_nacimiento"],
      ["email", "email"],
      ["phone", "telefono"],
      ["address", "direccion"],
      ["district", "comuna"],
      ["initialDate", "fecha_inicio"],
      ["endDate", "fecha_termino"]
    ],
    valueHeader: (label) => label.toLowerCase().replace(/\s+/g, "_")
  }
]

const decodeFormat = Schema.decodeUnknown(FileFormatInput)

/**
 * Demo retails (a bank card, a retailer, a broker and the web) with valid RUTs, their plans for
 * the demo products and a roster format per plan. Products or comunas that are missing are
 * skipped, never a failed start.
 */
export const seedDemoRetails = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* once(
    // The marker keeps its first name: a new one would seed the demo retails again on existing data.
    "demo-channels-v1",
    Effect.gen(function* () {
      const formats = yield* FileFormatService
      const planFields = yield* FieldService
      const products = yield* sql<{ id: string; name: string; currency: "P" | "U" }>`SELECT id, name, currency FROM product WHERE is_active`
      const productByName = new Map(products.map((p) => [p.name, p]))
      const districts = new Set((yield* sql<{ id: string }>`SELECT id FROM district`).map((d) => d.id))

      for (const demo of retails) {
        const row = {
          rut: `${demo.rutBody}-${Rut.checkDigit(demo.rutBody)}`,
          name: demo.name,
          fantasy_name: demo.fantasyName,
          legal_representative: demo.legalRepresentative,
          line: demo.line,
          address: demo.address,
          district_id: districts.has(demo.district) ? demo.district : null,
          email: demo.email,
          phone: demo.phone
        }
        // A retail an admin already created with this RUT is kept as it is.
        yield* sql`INSERT INTO retail ${sql.insert(row)} ON CONFLICT (rut) DO NOTHING`
        const [stored] = yield* sql<{ id: string }>`SELECT id FROM retail WHERE rut = ${row.rut}`

        for (const [productName, customer, company, yearly] of demo.plans) {
          const product = productByName.get(productName)
          if (!product || (product.currency === "P") !== (typeof customer === "number")) continue
          const [plan] = yield* sql<{ id: string }>`INSERT INTO product_plan ${sql.insert({
            product_id: product.id,
            retail_id: stored!.id,
            customer_price: String(customer),
            company_price: String(company),
            yearly_price: String(yearly)
          })} ON CONFLICT (product_id, retail_id) WHERE is_active DO NOTHING RETURNING id`
          if (!plan) continue

          const values = (yield* planFields.ofPlan(plan.id)).filter((f) => f.kind === "value")
          const fields = [
            ...demo.columns.map(([field, header]) => ({ field_id: field, header })),
            ...values.map((v) => ({ field_id: v.field, header: demo.valueHeader(v.label) }))
          ]
          yield* decodeFormat({ productPlan_id: plan.id, fields }).pipe(
            Effect.flatMap(formats.replace),
            Effect.catchAll((error) => Effect.logWarning(`Formato de demostración omitido para ${demo.name} / ${productName}`, error))
          )
        }
      }
    }).pipe(Effect.provide(Layer.merge(FileFormatService.layer, FieldService.layer)))
  )
})
