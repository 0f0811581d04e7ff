import { Either, Redacted } from "effect"
import { describe, expect, it } from "vitest"
import { loadServerConfig } from "../src/config.js"

describe("server configuration", () => {
  it("has sensible defaults; empty variables count as unset", () => {
    const config = Either.getOrThrow(loadServerConfig({ PORT: "", PALMA_SEED_DEMO: "" }))
    expect(config).toMatchObject({
      port: 3000,
      seedDemo: true,
      demoPassword: "palma-demo",
      databaseUrl: undefined,
      accessLogAll: false,
      requestTimeoutSeconds: 30,
      drainSeconds: 10
    })
  })

  it("keeps the public URL's origin, for the links the server hands out; localhost on the port by default", () => {
    expect(Either.getOrThrow(loadServerConfig({ PALMA_PUBLIC_URL: "HTTPS://Palma.example.cl/app/" }))).toMatchObject({
      publicUrl: "https://palma.example.cl",
      https: true
    })
    expect(Either.getOrThrow(loadServerConfig({ PORT: "8080" }))).toMatchObject({ publicUrl: "http://localhost:8080", https: false })
    const refused = Either.left("Configuración inválida: PALMA_PUBLIC_URL: valor inválido (debe ser una URL http:// o https://)")
    expect(loadServerConfig({ PALMA_PUBLIC_URL: "palma.example.cl" })).toEqual(refused)
    expect(loadServerConfig({ PALMA_PUBLIC_URL: "ftp://palma.example.cl" })).toEqual(refused)
  })

  it("refuses a wrong value at start, in Spanish, naming the variable", () => {
    expect(loadServerConfig({ PORT: "abc" })).toEqual(Either.left("Configuración inválida: PORT: valor inválido (debe ser un puerto entre 0 y 65535)"))
    expect(loadServerConfig({ PORT: "70000" })).toMatchObject({ _tag: "Left" })
    expect(loadServerConfig({ PORT: "1.5" })).toMatchObject({ _tag: "Left" })
    expect(loadServerConfig({ PALMA_SEED_DEMO: "no" })).toEqual(Either.left("Configuración inválida: PALMA_SEED_DEMO: valor inválido (debe ser 0 o 1)"))
    expect(loadServerConfig({ PALMA_REQUEST_TIMEOUT_SECONDS: "0" })).toEqual(
      Either.left("Configuración inválida: PALMA_REQUEST_TIMEOUT_SECONDS: valor inválido (debe ser un número de segundos entre 1 y 3600)")
    )
    expect(loadServerConfig({ PALMA_DRAIN_SECONDS: "-1" })).toEqual(
      Either.left("Configuración inválida: PALMA_DRAIN_SECONDS: valor inválido (debe ser un número de segundos entre 0 y 3600)")
    )
    expect(Either.getOrThrow(loadServerConfig({ PALMA_DRAIN_SECONDS: "0" })).drainSeconds).toBe(0)
    expect(Either.getOrThrow(loadServerConfig({ PALMA_SEED_DEMO: "0", PALMA_ACCESS_LOG: "all", PORT: "8080" }))).toMatchObject({
      seedDemo: false,
      accessLogAll: true,
      port: 8080
    })
  })

  it("keeps PALMA_METRICS_TOKEN redacted, and refuses one short enough to guess", () => {
    expect(Either.getOrThrow(loadServerConfig({})).metricsToken).toBeUndefined()
    const token = Either.getOrThrow(loadServerConfig({ PALMA_METRICS_TOKEN: "0123456789abcdef" })).metricsToken
    expect(token && Redacted.value(token)).toBe("0123456789abcdef")
    expect(String(token)).not.toContain("0123456789abcdef")
    expect(loadServerConfig({ PALMA_METRICS_TOKEN: "corto" })).toEqual(
      Either.left("Configuración inválida: PALMA_METRICS_TOKEN: valor inválido (debe ser un texto de al menos 16 caracteres)")
    )
  })
})
