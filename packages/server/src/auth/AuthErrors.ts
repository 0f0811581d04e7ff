import { Data } from "effect"

/** The auth flow's own failures; the handler turns each into the contract's HTTP error. */

/** A local-only route while the server runs in Clerk mode. */
export class LocalAuthOff extends Data.TaggedError("LocalAuthOff") {}

/** Unknown email or wrong password: one error for both, so neither is told apart. */
export class WrongCredentials extends Data.TaggedError("WrongCredentials") {}

export class AccountDisabled extends Data.TaggedError("AccountDisabled") {}

export class SignUpOff extends Data.TaggedError("SignUpOff") {}

/** No live session behind the refresh credential, or its user is gone. */
export class SessionEnded extends Data.TaggedError("SessionEnded") {}

/** The attempt's account or address is locked for `retryAfter` more seconds. */
export class Throttled extends Data.TaggedError("Throttled")<{ readonly retryAfter: number }> {}

export class EmailTaken extends Data.TaggedError("EmailTaken") {}

/** The caller has no open session with that id. */
export class NoSuchSession extends Data.TaggedError("NoSuchSession") {}

export type AuthError = LocalAuthOff | WrongCredentials | AccountDisabled | SignUpOff | SessionEnded | Throttled | EmailTaken | NoSuchSession
