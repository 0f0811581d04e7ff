import { HttpApp, HttpServerResponse } from "@effect/platform"
import { BadRequest, Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized } from "@palma/core/api"
import { Effect } from "effect"
import { type AuthError } from "./AuthErrors.js"
import { sessionEnded } from "../domain/messages.js"

/** The contract's error for each of the auth flow's own. */
type HttpOf<E extends AuthError> = E["_tag"] extends infer T
  ? T extends "WrongCredentials" | "SessionEnded"
    ? Unauthorized
    : T extends "AccountDisabled" | "SignUpOff"
      ? Forbidden
      : T extends "LocalAuthOff"
        ? BadRequest
        : T extends "Throttled"
          ? TooManyRequests
          : T extends "EmailTaken"
            ? Conflict
            : T extends "NoSuchSession"
              ? NotFound
              : never
  : never

const waitText = (seconds: number) =>
  seconds <= 90 ? `${seconds} segundos` : seconds < 2 * 3600 ? `${Math.ceil(seconds / 60)} minutos` : `${Math.ceil(seconds / 3600)} horas`

/** 429 with the wait in Spanish and as `Retry-After` (set on the response whatever encodes the error). */
const tooMany = (seconds: number) =>
  Effect.zipRight(
    HttpApp.appendPreResponseHandler((_, response) => Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", String(seconds)))),
    Effect.fail(new TooManyRequests({ message: `Demasiados intentos. Espere ${waitText(seconds)} antes de intentar de nuevo.`, retryAfter: seconds }))
  )

const toHttp = (error: AuthError): Effect.Effect<never, BadRequest | Unauthorized | Forbidden | TooManyRequests | Conflict | NotFound> => {
  switch (error._tag) {
    case "LocalAuthOff":
      return Effect.fail(new BadRequest({ message: "El acceso local está desactivado: Palma usa Clerk para iniciar sesión", issues: [] }))
    case "WrongCredentials":
      return Effect.fail(new Unauthorized({ message: "Correo o contraseña incorrectos" }))
    case "SessionEnded":
      return Effect.fail(new Unauthorized({ message: sessionEnded }))
    case "AccountDisabled":
      return Effect.fail(new Forbidden({ message: "Su cuenta está desactivada. Pida ayuda a un administrador de Palma." }))
    case "SignUpOff":
      return Effect.fail(new Forbidden({ message: "La creación de cuentas está desactivada. Pida a un administrador que le cree una cuenta." }))
    case "Throttled":
      return tooMany(error.retryAfter)
    case "EmailTaken":
      return Effect.fail(new Conflict({ message: "Ya existe una cuenta con ese correo" }))
    case "NoSuchSession":
      return Effect.fail(new NotFound({ message: "No tiene una sesión abierta con ese identificador" }))
  }
}

/** Maps the auth flow's errors to the contract's, typed per endpoint: only the errors `self` can fail with. */
export const asHttp = <A, E extends AuthError, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, HttpOf<E>, R> =>
  // The switch covers every tag; TypeScript cannot narrow its union of results to `HttpOf<E>` for a generic E.
  Effect.catchAll(self, toHttp) as Effect.Effect<A, HttpOf<E>, R>
