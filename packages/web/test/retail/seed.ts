import { channel, product, uuid } from "./fakeCatalog"

/** Two channels, three products (pesos and UF) and two plans of Banco Sur. */
export const bancoSur = channel(1, {
  rut: "76086428-5",
  name: "Banco Sur",
  legalRepresentative: "Marta Díaz",
  line: "Banca",
  address: "Av. Apoquindo 1234",
  district: "Santiago",
  district_id: "13101",
  email: "canales@bancosur.cl",
  phone: "+56 2 2345 6789"
})
export const tiendaNorte = channel(2, { rut: "96509660-4", name: "Tienda Norte", district: "Valparaíso", district_id: "05101" })

export const hogarFull = product(10, { name: "Hogar Full", currency: "P" })
export const saludUf = product(11, { name: "Salud UF", currency: "U" })
export const mascotas = product(12, { name: "Mascotas Plus", currency: "P" })

export const hogarPlan = { id: uuid(20), product_id: hogarFull.id, agent_id: bancoSur.id, customerPrice: 12345, companyPrice: 10000, yearlyPrice: 120000 }
export const saludPlan = { id: uuid(21), product_id: saludUf.id, agent_id: bancoSur.id, customerPrice: "1.25", companyPrice: "1.00", yearlyPrice: "14.50" }

export const catalog = {
  channels: [bancoSur, tiendaNorte],
  products: [hogarFull, saludUf, mascotas],
  plans: [hogarPlan, saludPlan]
}
