import { createHmac, generateKeyPairSync, type KeyObject, sign } from "node:crypto"

/** Hand-made JWTs for the verifier tests, built independently of LocalIssuer. */

const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url")

export const signRs256 = (header: object, payload: object, privateKey: KeyObject): string => {
  const input = `${part(header)}.${part(payload)}`
  return `${input}.${sign("sha256", Buffer.from(input), privateKey).toString("base64url")}`
}

export const signHs256 = (header: object, payload: object, secret: string): string => {
  const input = `${part(header)}.${part(payload)}`
  return `${input}.${createHmac("sha256", secret).update(input).digest("base64url")}`
}

export const unsigned = (header: object, payload: object): string => `${part(header)}.${part(payload)}.`

/** A throwaway RSA-2048 key, the only shape @clerk/backend accepts as a PEM jwtKey. */
export const freshRsaKey = (): { readonly privateKey: KeyObject; readonly publicKeyPem: string } => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 })
  return { privateKey, publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString() }
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000)

/** A v2 session token payload valid right now for the given issuer and party. */
export const sessionPayload = (iss: string, azp: string, overrides: Record<string, unknown> = {}): Record<string, unknown> => {
  const iat = nowSeconds()
  return {
    azp,
    exp: iat + 60,
    iat,
    iss,
    nbf: iat - 5,
    publicMeta: { roles: { operaciones: "user" } },
    sid: "sess_test",
    sub: "user_test",
    v: 2,
    ...overrides
  }
}
