import { Data } from "effect"

/**
 * What a service refuses, in its own words: the http layer (`http/domainErrors.ts`) turns each into
 * the contract's error once, for every handler. Each carries the Spanish message the person reads.
 */

/** The record (or one it names) does not exist, or is not the caller's to see. */
export class Missing extends Data.TaggedError("Missing")<{ readonly message: string }> {}

/** The write contradicts what is stored: a taken unique field, a row still in use, a state that forbids it. */
export class Clash extends Data.TaggedError("Clash")<{ readonly message: string }> {}

/** One field's problem, for the form to show beside it (`values.2`). */
export interface FieldProblem {
  readonly path: ReadonlyArray<string | number>
  readonly message: string
}

/** The input breaks a rule the schema cannot state; `issues` name the fields, when it is about some. */
export class Invalid extends Data.TaggedError("Invalid")<{ readonly message: string; readonly issues?: ReadonlyArray<FieldProblem> }> {}

/** The caller may not do this, whatever the input. */
export class Denied extends Data.TaggedError("Denied")<{ readonly message: string }> {}

/** A write named a version of the record that is no longer the stored one (`If-Match`). */
export class Stale extends Data.TaggedError("Stale") {}

/** Every error a service may fail with. */
export type DomainError = Missing | Clash | Invalid | Denied | Stale
