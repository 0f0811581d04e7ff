import { type Failure, type ListResult, type ResourceQuery, type ResourceWrite, resourceMachine } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { useLookupCache } from "../lib/lookups/LookupsProvider"
import { notify } from "../lib/notify"
import { askActor } from "./askActor"
import type { ResourceActors } from "./types"

export interface ResourceControllerOptions<A extends { readonly id: string }> {
  /** The resource written (`family`, `plan`…): its writes make the session's lists that hold it stale. */
  readonly resource: string
  readonly actors: ResourceActors<A>
  readonly query?: ResourceQuery
  /** The list as the host already holds it (read with its record): shown without a call of its own. */
  readonly listed?: ListResult<A>
  /** The toast of each kind of write: "Familia creada". */
  readonly done: Readonly<Record<ResourceWrite, string>>
}

const busy = (status: string) => status === "loading" || status === "creating" || status === "updating" || status === "deleting"

/**
 * A list with writes and one dialog at a time, without its look: core's resource machine, the
 * dialog open or closed, and each write's outcome (`written`: close and toast; `rejected`: the
 * server's reasons for the dialog). ResourcePage and sections with lists of their own share it.
 */
export const useResourceController = <A extends { readonly id: string }, I, D>({ resource, actors, query, listed, done }: ResourceControllerOptions<A>) => {
  const [machine] = useState(() => resourceMachine<A, I>().provide({ actors }))
  const actor = useActorRef(machine, { input: { query, listed } })
  const snapshot = useSelector(actor, (s) => s)
  const status = snapshot.value

  const [dialog, setDialog] = useState<D | null>(null)
  // Kept apart from `dialog` so a closing dialog keeps its content while it fades out.
  const [open, setOpen] = useState(false)
  const [rejection, setRejection] = useState<Failure | null>(null)

  const lookups = useLookupCache()
  useEffect(() => {
    const written = actor.on("written", ({ write }) => {
      setOpen(false)
      setRejection(null)
      notify.success(done[write])
      lookups.touched(resource)
    })
    const rejected = actor.on("rejected", ({ failure }) => setRejection(failure))
    return () => {
      written.unsubscribe()
      rejected.unsubscribe()
    }
  }, [actor, done, lookups, resource])

  return {
    actor,
    status,
    context: snapshot.context,
    /** Whether the machine takes a write now: not while another write runs (a list reload gives way). */
    canWrite: status === "ready" || status === "loading",
    busy: busy(status),
    dialog,
    /** The dialog shown now (false while it fades out). */
    opened: (predicate: (d: D) => boolean) => open && dialog !== null && predicate(dialog),
    show: (next: D) => {
      setDialog(next)
      setRejection(null)
      setOpen(true)
    },
    close: () => setOpen(false),
    rejection,
    create: (input: I) => actor.send({ type: "CREATE", input }),
    update: (id: string, input: I) => actor.send({ type: "UPDATE", id, input }),
    remove: (id: string) => actor.send({ type: "DELETE", id }),
    /** Reads one item as the server holds it now; the machine keeps its version for the item's next update or delete. */
    read: (id: string): Promise<A> => {
      const event = { type: "READ", id } as const
      return askActor<A>({
        accepted: actor.getSnapshot().can(event),
        send: () => actor.send(event),
        onDone: (handler) => actor.on("read", ({ item }) => handler(item)),
        onFailed: (handler) => actor.on("unreadable", ({ failure }) => handler(failure))
      })
    },
    retry: () => actor.send({ type: "RETRY" })
  }
}
