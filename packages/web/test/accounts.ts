import type { Account } from "./fakeServer"

export const ana: Account = { email: "ana@palma.cl", password: "clave-segura", fullName: "Ana Pérez", role: "admin" }
export const beto: Account = { email: "beto@palma.cl", password: "otra-clave", fullName: "Beto Soto", role: null }
export const olga: Account = { email: "olga@palma.cl", password: "clave-olga", fullName: "Olga Rojas", role: "user" }
export const mario: Account = { email: "mario@palma.cl", password: "clave-mario", fullName: "Mario Vega", role: "moderator" }
