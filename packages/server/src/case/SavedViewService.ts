import { Context, Effect, Layer, Option } from "effect"
import { type Actor, type SavedViewInput } from "@palma/core/domain"
import { Invalid, Missing } from "../domain/errors.js"
import { SavedViewRepo } from "./SavedViewRepo.js"

/** How many views one user may keep; saving again a name they already have is always allowed. */
export const SAVED_VIEW_CAP = 50

const capReached = () => new Invalid({ message: `Ya tiene ${SAVED_VIEW_CAP} vistas guardadas: elimine alguna antes de guardar otra.` })
const notFound = () => new Missing({ message: "No tiene una vista con ese identificador" })

const make = Effect.gen(function* () {
  const views = yield* SavedViewRepo

  /** The user's own stored views, by name (the built-in ones are the client's, from core's `builtInViews`). */
  const list = (actor: Actor) => views.mine(actor.userId)

  const save = (input: SavedViewInput, actor: Actor) =>
    Effect.flatMap(views.saveWithin(actor.userId, input, SAVED_VIEW_CAP), Option.match({ onNone: () => Effect.fail(capReached()), onSome: Effect.succeed }))

  const remove = (id: string, actor: Actor) => Effect.flatMap(views.remove(actor.userId, id), (removed) => (removed ? Effect.void : Effect.fail(notFound())))

  return { list, save, remove }
})

/** Each user's saved case lists: theirs alone, at most `SAVED_VIEW_CAP` of them. */
export class SavedViewService extends Context.Tag("palma/SavedViewService")<SavedViewService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(SavedViewService, make).pipe(Layer.provide(SavedViewRepo.layer))
}
