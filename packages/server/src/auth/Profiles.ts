import { createClerkClient } from "@clerk/backend"
import { Context, Duration, Effect, Layer, Option, Redacted } from "effect"
import { AuthConfig } from "./AuthConfig.js"
import { UserRepo } from "../user/UserRepo.js"

export interface Profile {
  readonly fullName: string | null
  readonly firstName: string | null
  readonly lastName: string | null
  readonly email: string | null
}

const empty: Profile = { fullName: null, firstName: null, lastName: null, email: null }

/**
 * Names and email for the session shape. Tokens carry no personal data, so
 * local mode reads the user table and Clerk mode asks Clerk's API (only when a
 * secret key is configured; without one the names stay null).
 */
export class Profiles extends Context.Tag("palma/Profiles")<Profiles, { readonly of: (userId: string) => Effect.Effect<Profile> }>() {
  static readonly layer = Layer.effect(
    Profiles,
    Effect.gen(function* () {
      const config = yield* AuthConfig
      const users = yield* UserRepo
      if (config.mode === "local") {
        return {
          of: (userId: string) =>
            users.findById(userId).pipe(
              Effect.map(
                Option.match({
                  onNone: () => empty,
                  onSome: (u) => {
                    const [firstName, ...rest] = u.fullName.split(" ")
                    return { fullName: u.fullName, firstName: firstName ?? null, lastName: rest.join(" ") || null, email: u.email }
                  }
                })
              )
            )
        }
      }
      const secretKey = config.secretKey
      if (secretKey === null) return { of: () => Effect.succeed(empty) }
      const clerk = createClerkClient({ secretKey: Redacted.value(secretKey) })
      return {
        of: (userId: string) =>
          Effect.tryPromise(() => clerk.users.getUser(userId)).pipe(
            Effect.timeout(Duration.seconds(5)),
            Effect.map((u) => ({
              fullName: u.fullName,
              firstName: u.firstName,
              lastName: u.lastName,
              email: u.primaryEmailAddress?.emailAddress ?? null
            })),
            Effect.orElseSucceed(() => empty)
          )
      }
    })
  )
}
