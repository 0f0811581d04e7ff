import { Effect } from "effect"
import type { Precondition, Versioned } from "../domain/version.js"
import { answerVersioned, ifMatch } from "../http/etag.js"

/** The operations on one provider that every provider group serves the same way (its service, as `served` makes it). */
export interface ProviderOperations<Detail, Input, Deleted, ReadError, UpdateError, DeactivateError> {
  readonly getById: (id: string) => Effect.Effect<Versioned<Detail>, ReadError>
  readonly getByRut: (rut: string) => Effect.Effect<Versioned<Detail> | null>
  readonly update: (id: string, input: Input, precondition?: Precondition) => Effect.Effect<Versioned<Detail>, UpdateError>
  readonly deactivate: (id: string, precondition?: Precondition) => Effect.Effect<Deleted, DeactivateError>
}

/**
 * The handlers of one provider's reads (by id, and by RUT when one has it) and writes by id: the
 * record answered with its `ETag`, and the edit and deactivation held to the request's `If-Match`.
 */
export const providerHandlers = <Detail, Input, Deleted, ReadError, UpdateError, DeactivateError>(
  providers: ProviderOperations<Detail, Input, Deleted, ReadError, UpdateError, DeactivateError>
) => ({
  getById: ({ path }: { readonly path: { readonly id: string } }) => Effect.flatMap(providers.getById(path.id), answerVersioned),
  getByRut: ({ path }: { readonly path: { readonly rut: string } }) =>
    Effect.flatMap(providers.getByRut(path.rut), (found) => (found === null ? Effect.succeed(null) : answerVersioned(found))),
  update: ({ path, payload }: { readonly path: { readonly id: string }; readonly payload: Input }) =>
    ifMatch.pipe(
      Effect.flatMap((precondition) => providers.update(path.id, payload, precondition)),
      Effect.flatMap(answerVersioned)
    ),
  deactivate: ({ path }: { readonly path: { readonly id: string } }) => Effect.flatMap(ifMatch, (precondition) => providers.deactivate(path.id, precondition))
})
