import { Rut } from "@palma/core"

let next = 76_100_000 + Math.floor(Math.random() * 100_000)

/** A fresh valid company RUT ("76123456-0"). */
export const freshRut = (): string => {
  const body = String(next++)
  return `${body}-${Rut.checkDigit(body)}`
}

/**
 * Creates a retail through the retail API (`POST /api/retail/create`), as an admin, and
 * returns its id. Raw JSON: only the required fields of the retail, the rest default.
 */
export const createRetail = async (baseUrl: string, adminToken: string, name: string): Promise<string> => {
  const response = await fetch(`${baseUrl}/api/retail/create`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ rut: freshRut(), name })
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`No se pudo crear el canal (${response.status}): ${text}`)
  return (JSON.parse(text) as { id: string }).id
}
