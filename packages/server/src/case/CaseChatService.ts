import { Context, Effect, Layer } from "effect"
import { type Actor, type CaseChatInput, type Role } from "@palma/core/domain"
import { Missing } from "../domain/errors.js"
import { CaseChatRepo } from "./CaseChatRepo.js"
import { CaseFeed } from "./CaseFeed.js"
import { caseNotFound } from "../domain/messages.js"

const notFound = () => new Missing({ message: caseNotFound })

/** How an author shows in the chat when the client did not say (the web does not; the original client sends "Operador" or "Cliente"). */
const authorType: Record<Role, string> = { user: "Operador", moderator: "Moderador", admin: "Administrador" }

const typeOf = (input: CaseChatInput, actor: Actor) => input.type ?? (actor.role === null ? "" : authorType[actor.role])

const make = Effect.gen(function* () {
  const chat = yield* CaseChatRepo
  const feed = yield* CaseFeed

  const byCase = (caseId: string) => Effect.flatMap(chat.exists(caseId), (exists) => (exists ? chat.byCase(caseId) : Effect.fail(notFound())))

  const post = (input: CaseChatInput, actor: Actor) =>
    input.case_id === null
      ? Effect.succeed(null)
      : Effect.flatMap(chat.post(input.case_id, actor.userId, typeOf(input, actor), input.message), (posted) =>
          posted === null
            ? Effect.fail(notFound())
            : Effect.as(feed.publish({ type: "chat", case_id: posted.message.case_id, message_id: posted.message.id, seq: posted.seq }), posted.message)
        )

  return { byCase, post }
})

/** The chat on a case: anyone who works cases reads and writes it, as themselves. */
export class CaseChatService extends Context.Tag("palma/CaseChatService")<CaseChatService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseChatService, make).pipe(Layer.provide([CaseChatRepo.layer, CaseFeed.layer]))
}
