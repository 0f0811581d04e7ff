import type { Account } from "./fakeServer"

export const ana: Account = { email: "ana@palma.cl", password: "clave-segura", fullName: "Ana Pérez", role: "admin" }
export const beto: Account = { email: "beto@palma.cl", password: "otra-clave", fullName: "Beto Soto", role: null }
