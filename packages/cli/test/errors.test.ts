import { ApiFailure } from "@palma/core"
import { describe, expect, it } from "vitest"
import { toSpanish } from "../src/commanderSpanish.js"
import { ExitCode, toCliError } from "../src/errors.js"

const failure = (status: number, message = "m") => new ApiFailure({ tag: "T", status, message, issues: [] })

describe("exit codes", () => {
  it("maps API failures: 401/403 → 3, 400 → 2, others and transport → 1", () => {
    expect(toCliError(failure(401)).exitCode).toBe(ExitCode.denied)
    expect(toCliError(failure(403)).exitCode).toBe(ExitCode.denied)
    expect(toCliError(failure(400)).exitCode).toBe(ExitCode.usage)
    expect(toCliError(failure(409)).exitCode).toBe(ExitCode.failure)
    expect(toCliError(failure(0)).exitCode).toBe(ExitCode.failure)
    expect(toCliError(new Error("x")).exitCode).toBe(ExitCode.failure)
  })

  it("lists a 400's field messages", () => {
    const error = new ApiFailure({
      tag: "BadRequest",
      status: 400,
      message: "Datos inválidos",
      issues: [{ path: ["email"], message: "Correo electrónico inválido" }]
    })
    expect(toCliError(error).message).toBe("Datos inválidos\n  - email: Correo electrónico inválido")
  })
})

describe("commander messages in Spanish", () => {
  it("translates the errors people meet", () => {
    expect(toSpanish("error: unknown option '--bogus'\n")).toBe("error: opción desconocida «--bogus»\n")
    expect(toSpanish("error: unknown command 'lst'\n(Did you mean list?)\n")).toBe("error: comando desconocido «lst»\n(¿Quiso decir list?)\n")
    expect(toSpanish("error: required option '--email <correo>' not specified\n")).toBe("error: falta la opción obligatoria «--email <correo>»\n")
    expect(toSpanish("error: option '--role <rol>' argument 'boss' is invalid. Allowed choices are user, admin.\n")).toBe(
      "error: valor «boss» inválido para «--role <rol>»; use uno de: user, admin\n"
    )
  })

  it("passes through what it does not know", () => {
    expect(toSpanish("something else\n")).toBe("something else\n")
  })
})
