import { Context, Effect, Layer, Option } from "effect"
import { formatDate, type UfEntry, type UfValue } from "@palma/core/domain"
import { Missing } from "../domain/errors.js"
import { UfProvider } from "./UfProvider.js"
import { UfRepo, type UfRow } from "./UfRepo.js"

const answer = (requested: string, row: UfRow, stale: boolean): UfValue => ({ requested, date: row.date, value: row.value, source: row.source, stale })

const make = Effect.gen(function* () {
  const repo = yield* UfRepo
  const provider = yield* UfProvider

  /**
   * The UF of `date`: the stored value when a real one is known; else the provider's, stored for
   * next time (it replaces a demo value); else the demo value; else the last known earlier value,
   * flagged stale. None when nothing at or before the day is known.
   */
  const find = (date: string): Effect.Effect<Option.Option<UfValue>> =>
    Effect.gen(function* () {
      const stored = yield* repo.on(date)
      if (Option.isSome(stored) && stored.value.source !== "demo") return Option.some(answer(date, stored.value, false))
      const fetched = yield* provider.valueOn(date)
      if (Option.isSome(fetched)) {
        yield* repo.storeFetched(date, fetched.value)
        return Option.some(answer(date, { date, value: fetched.value, source: "provider" }, false))
      }
      if (Option.isSome(stored)) return Option.some(answer(date, stored.value, false))
      return Option.map(yield* repo.lastBefore(date), (last) => answer(date, last, true))
    })

  const valueOn = (date: string) =>
    Effect.flatMap(
      find(date),
      Option.match({
        onNone: () => Effect.fail(new Missing({ message: `No hay un valor de la UF conocido para el ${formatDate(date)} ni para días anteriores` })),
        onSome: Effect.succeed
      })
    )

  const save = (entries: ReadonlyArray<UfEntry>) => Effect.as(repo.storeEntered(entries), { saved: entries.length })

  return { find, valueOn, save }
})

/** The UF by day: stored values, the provider, the demo series, and the stale fallback. */
export class UfService extends Context.Tag("palma/UfService")<UfService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(UfService, make).pipe(Layer.provide(UfRepo.layer))
}
