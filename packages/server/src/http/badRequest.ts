import { HttpApiBuilder } from "@effect/platform"
import { Cause, Effect, type ParseResult } from "effect"
import { spanishFormatted } from "@palma/core/domain"
import { BadRequest, type FieldIssue, PayloadTooLarge } from "@palma/core/api"

const summary = (issues: ReadonlyArray<FieldIssue>) => {
  const first = issues[0]
  if (!first) return "La solicitud no es válida"
  const where = first.path.length > 0 ? `${first.path.join(".")}: ` : ""
  return issues.length === 1 ? `${where}${first.message}` : `${where}${first.message} (y ${issues.length - 1} problema(s) más)`
}

const tagOf = (error: unknown) => (typeof error === "object" && error !== null ? (error as { _tag?: unknown })._tag : undefined)

/** Maps framework-level rejections to the contract's errors; anything else passes through. */
const translate = (error: unknown): Effect.Effect<never, unknown> => {
  switch (tagOf(error)) {
    case "HttpApiDecodeError": {
      const issues = spanishFormatted((error as { issues: ReadonlyArray<ParseResult.ArrayFormatterIssue> }).issues)
      return Effect.fail(new BadRequest({ message: summary(issues), issues }))
    }
    case "RequestError": {
      const description = String((error as { description?: unknown }).description ?? "")
      return /too large|exceed|size/i.test(description)
        ? Effect.fail(new PayloadTooLarge({ message: "La solicitud es demasiado grande" }))
        : Effect.fail(new BadRequest({ message: "El cuerpo de la solicitud no es JSON válido", issues: [] }))
    }
    default:
      return Effect.die(error)
  }
}

/**
 * Every rejected request speaks Spanish and is a 4xx: schema failures become
 * BadRequest with field messages, an unreadable body a BadRequest, an
 * oversized one PayloadTooLarge.
 */
export const BadRequestLive = HttpApiBuilder.middleware(
  // The router's type hides its errors (E = never) though handlers do fail at runtime.
  // An unreadable body reaches here as a defect (the platform reads it with orDie).
  (app) =>
    Effect.catchAllCause(app, (cause) => {
      const error = Cause.squash(cause)
      if (tagOf(error) === "HttpApiDecodeError" || tagOf(error) === "RequestError") return translate(error)
      // Absurdly nested JSON parses but overflows the stack when reported: still the client's fault.
      if (error instanceof RangeError) return Effect.fail(new BadRequest({ message: "La solicitud tiene una estructura demasiado anidada", issues: [] }))
      return Effect.failCause(cause)
    }) as unknown as typeof app
)
