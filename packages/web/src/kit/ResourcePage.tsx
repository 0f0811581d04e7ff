import { Button, Group, Stack, Title } from "@mantine/core"
import { type Call, isRestorable, type NamedRecord, recordCalls, resourceActors, resourceMachine } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useMemo, useState } from "react"
import { useNavigate } from "react-router"
import { call as apiCall } from "../lib/api"
import { notify } from "../lib/notify"
import { ConfirmDelete } from "./ConfirmDelete"
import { PlusIcon } from "./icons"
import { isPicker, type PickerKind, usePickerOptions } from "./options"
import { type QuerySpec, resourceQueryOf, sameQuery } from "./query"
import { ResourceForm, type WriteRejection } from "./ResourceForm"
import { ResourceList } from "./ResourceList"
import { textsOf } from "./text"
import type { ResourceConfig } from "./types"
import { useListQuery } from "./useListQuery"

type Dialog<A> = { readonly kind: "form"; readonly item: A | null } | { readonly kind: "delete"; readonly item: A }

const writing = (value: unknown) => value === "creating" || value === "updating" || value === "deleting"

export interface ResourcePageProps<A extends { readonly id: string }, I> {
  readonly config: ResourceConfig<A, I>
  /** Only tests pass another; the app calls its own server. */
  readonly call?: Call
}

/**
 * A whole master screen from its declaration: the resource machine drives the list and the
 * writes; the URL holds the filters; dialogs create, edit and confirm deletes; toasts confirm.
 */
export const ResourcePage = <A extends { readonly id: string }, I>({ config, call = apiCall }: ResourcePageProps<A, I>) => {
  const texts = useMemo(() => textsOf(config.noun), [config.noun])
  const nameOf = config.itemName ?? ((item: A) => String((item as { name?: unknown }).name ?? ""))
  const spec = useMemo<QuerySpec>(
    () => ({
      sortable: config.columns.filter((c) => c.sortable === true).map((c) => c.key),
      defaultSort: config.defaultSort,
      familyFilter: config.familyFilter === true
    }),
    [config]
  )
  const { query, update } = useListQuery(spec)
  const target = useMemo(() => resourceQueryOf(query), [query])

  const kinds = useMemo(
    () => [...(config.familyFilter === true ? ["family" as const] : []), ...config.fields.map((f) => f.kind).filter(isPicker)] as PickerKind[],
    [config]
  )
  const pickers = usePickerOptions(call, kinds)

  const [machine] = useState(() =>
    resourceMachine<A>().provide({ actors: config.actors === undefined ? resourceActors<A>(call, config.name) : config.actors(call) })
  )
  const actor = useActorRef(machine, { input: { query: target } })
  const snapshot = useSelector(actor, (s) => s)
  const { context } = snapshot
  const status = snapshot.value as string

  // The URL is the truth: whenever the machine can load and shows another query, it loads the URL's.
  useEffect(() => {
    if ((status === "ready" || status === "failure") && !sameQuery(context.query, target)) actor.send({ type: "LOAD", query: target })
  }, [actor, status, context.query, target])

  // A delete emptied the last page: go to the new last page.
  useEffect(() => {
    if (status === "ready" && context.items.length === 0 && context.total > 0 && query.page > 1)
      update({ page: Math.ceil(context.total / query.pageSize) }, { replace: true })
  }, [status, context.items.length, context.total, query.page, query.pageSize, update])

  const [dialog, setDialog] = useState<Dialog<A> | null>(null)
  // Kept apart from `dialog` so a closing dialog keeps its content while it fades out.
  const [open, setOpen] = useState(false)
  const [rejection, setRejection] = useState<WriteRejection | null>(null)
  const show = (next: Dialog<A>) => {
    setDialog(next)
    setRejection(null)
    setOpen(true)
  }

  // Each write ends either reloading (done: close and toast) or back in ready with the server's reasons.
  useEffect(() => {
    let previous = actor.getSnapshot().value
    const subscription = actor.subscribe((next) => {
      const was = previous
      previous = next.value
      if (!writing(was) || writing(next.value)) return
      const done = next.context.lastWrite
      if (done !== null) {
        setOpen(false)
        setRejection(null)
        notify.success(texts[done])
      } else {
        setRejection({ message: next.context.error ?? "No se pudo completar la operación", issues: next.context.issues })
      }
    })
    return () => subscription.unsubscribe()
  }, [actor, texts])

  /**
   * An item is read before a dialog shows it: the dialog starts from what the server holds now,
   * and the client remembers its version, so saving or deleting over someone else's change is
   * refused (412) instead of silently undoing it. If it cannot be read (deleted meanwhile), the
   * dialog opens with the listed row and the write answers why.
   */
  const withLatest = (item: A, next: (latest: A) => void) => {
    if (!isRestorable(config.name)) return next(item)
    recordCalls<A & NamedRecord>(call, config.name)
      .read(item.id)
      .then(
        (latest) => next({ ...item, ...latest }),
        () => next(item)
      )
  }

  // A resource edited on pages of its own goes there instead of opening the dialog.
  const navigate = useNavigate()
  const openForm = (item: A | null) => {
    const { pages } = config
    if (pages !== undefined) void navigate(item === null ? pages.create : pages.edit(item))
    else if (item === null) show({ kind: "form", item })
    else withLatest(item, (latest) => show({ kind: "form", item: latest }))
  }

  const Form = config.form ?? ResourceForm
  const editing = dialog?.kind === "form" ? dialog.item : null
  const deleting = dialog?.kind === "delete" ? dialog.item : null

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {config.title}
        </Title>
        <Button leftSection={<PlusIcon />} onClick={() => openForm(null)}>
          {texts.create}
        </Button>
      </Group>
      <ResourceList
        config={config}
        query={query}
        onQuery={update}
        failure={status === "failure" ? (context.error ?? "No se pudo cargar la lista") : null}
        loading={context.loading}
        items={context.items}
        total={context.total}
        canRetry={snapshot.can({ type: "RETRY" })}
        onRetry={() => actor.send({ type: "RETRY" })}
        onCreate={() => openForm(null)}
        onEdit={openForm}
        onDelete={(item) => withLatest(item, (latest) => show({ kind: "delete", item: latest }))}
        families={pickers.family}
        nameOf={nameOf}
      />
      <Form
        call={call}
        config={config}
        texts={texts}
        opened={open && dialog?.kind === "form"}
        item={editing}
        defaults={query.family !== null ? { family_id: query.family } : {}}
        pickers={pickers}
        canSubmit={editing === null ? snapshot.can({ type: "CREATE", input: null }) : snapshot.can({ type: "UPDATE", id: editing.id, input: null })}
        saving={status === "creating" || status === "updating"}
        rejection={rejection}
        onSubmit={(input) => actor.send(editing === null ? { type: "CREATE", input } : { type: "UPDATE", id: editing.id, input })}
        onClose={() => setOpen(false)}
      />
      <ConfirmDelete
        opened={open && dialog?.kind === "delete"}
        name={deleting !== null ? nameOf(deleting) : ""}
        warning={texts.deleteWarning}
        canConfirm={deleting !== null && snapshot.can({ type: "DELETE", id: deleting.id })}
        deleting={status === "deleting"}
        error={rejection?.message ?? null}
        onConfirm={() => deleting !== null && actor.send({ type: "DELETE", id: deleting.id })}
        onClose={() => setOpen(false)}
      />
    </Stack>
  )
}
