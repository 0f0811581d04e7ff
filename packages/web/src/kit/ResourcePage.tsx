import { Button, Group, Stack, Title } from "@mantine/core"
import { type Call, isRestorable, listLoadFailed, resourceActors } from "@palma/core"
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react"
import { useNavigate } from "react-router"
import { call as apiCall } from "../lib/api"
import { useLookupCache } from "../lib/lookups/LookupsProvider"
import { notify } from "../lib/notify"
import { ConfirmDelete } from "./ConfirmDelete"
import { PlusIcon } from "./icons"
import { type QuerySpec, resourceQueryOf, sameQuery } from "./query"
import { ResourceList } from "./ResourceList"
import { textsOf } from "./text"
import type { ResourceConfig } from "./types"
import { useListQuery } from "./useListQuery"
import { useResourceController } from "./useResourceController"
import { useTask } from "./useTask"

// Only admins who ask for it see it: kept off the first load.
const DeletedRecords = lazy(async () => ({ default: (await import("./DeletedRecords")).DeletedRecords }))
// The generic form (with its number and text area inputs) loads when a form is first wanted:
// pointing at "Nueva…" starts it, so the dialog rarely waits. Kept as a module rather than
// `lazy()`, which would lose the component's type parameters.
type FormModule = typeof import("./ResourceForm")
const loadResourceForm = () => import("./ResourceForm")

type Dialog<A> = { readonly kind: "form"; readonly item: A | null } | { readonly kind: "delete"; readonly item: A }

export interface ResourcePageProps<A extends { readonly id: string }, I> {
  readonly config: ResourceConfig<A, I>
  /** Only tests pass another; the app calls its own server. */
  readonly call?: Call
}

/**
 * A whole master screen from its declaration: the resource controller drives the list and the
 * writes; the URL holds the filters; dialogs create, edit and confirm deletes; toasts confirm.
 */
export const ResourcePage = <A extends { readonly id: string }, I>({ config, call = apiCall }: ResourcePageProps<A, I>) => {
  const texts = useMemo(() => textsOf(config.noun), [config.noun])
  const nameOf = config.itemName ?? ((item: A) => String((item as { name?: unknown }).name ?? ""))
  const spec = useMemo<QuerySpec>(
    () => ({
      sortable: config.columns.filter((c) => c.sortable === true).map((c) => c.key),
      defaultSort: config.defaultSort,
      familyFilter: config.familyFilter !== undefined,
      filters: (config.filters ?? []).map((f) => f.key)
    }),
    [config]
  )
  const { query, update } = useListQuery(spec)
  const target = useMemo(() => resourceQueryOf(query), [query])

  const [actors] = useState(() => (config.actors === undefined ? resourceActors<A>(call, config.name) : config.actors(call)))
  const controller = useResourceController<A, I, Dialog<A>>({ resource: config.name, actors, query: target, done: texts })
  const { actor, status, context, dialog } = controller

  // The URL is the truth: whenever the machine can load and shows another query, it loads the URL's.
  useEffect(() => {
    if ((status === "ready" || status === "failure") && !sameQuery(context.query, target)) actor.send({ type: "LOAD", query: target })
  }, [actor, status, context.query, target])

  // A delete emptied the last page: go to the new last page.
  useEffect(() => {
    if (status === "ready" && context.items.length === 0 && context.total > 0 && query.page > 1)
      update({ page: Math.ceil(context.total / query.pageSize) }, { replace: true })
  }, [status, context.items.length, context.total, query.page, query.pageSize, update])

  /**
   * An item is read before a dialog shows it: the dialog starts from what the server holds now,
   * and the list's machine keeps its version, so saving or deleting over someone else's change is
   * refused (412) instead of silently undoing it. If it cannot be read (deleted meanwhile), the
   * dialog opens with the listed row and the write answers why.
   */
  const opening = useTask<Dialog<A> & { readonly item: A }, A>(({ item }) => controller.read(item.id).then((latest) => ({ ...item, ...latest })), {
    done: (latest, { kind }) => controller.show({ kind, item: latest }),
    failed: (_, listed) => controller.show(listed)
  })
  const withLatest = (dialog: Dialog<A> & { readonly item: A }) => opening.run(dialog)

  // A resource edited on pages of its own goes there instead of opening the dialog.
  const navigate = useNavigate()
  const openForm = (item: A | null) => {
    const { pages } = config
    if (pages !== undefined) void navigate(item === null ? pages.create : pages.edit(item))
    else if (item === null) controller.show({ kind: "form", item })
    else withLatest({ kind: "form", item })
  }

  // Deleted records are for admins, and so is every screen built on this page (menu.ts); were
  // that to change, the server's 403 would show in the dialog.
  const restorable = isRestorable(config.name) ? config.name : null
  const [showDeleted, setShowDeleted] = useState(false)
  const lookups = useLookupCache()
  const onRestored = useCallback(() => {
    notify.success(texts.restored)
    lookups.touched(config.name)
    actor.send({ type: "LOAD" })
  }, [actor, config.name, lookups, texts.restored])

  const [formModule, setFormModule] = useState<FormModule | null>(null)
  const generic = config.form === undefined
  const loadForm = useCallback(() => {
    if (generic) void loadResourceForm().then(setFormModule, () => notify.error("No se pudo cargar el formulario. Recargue la página."))
  }, [generic])
  const wantsForm = dialog?.kind === "form"
  useEffect(() => {
    if (wantsForm && formModule === null) loadForm()
  }, [wantsForm, formModule, loadForm])
  const Form = config.form ?? formModule?.ResourceForm ?? null
  const editing = dialog?.kind === "form" ? dialog.item : null
  const deleting = dialog?.kind === "delete" ? dialog.item : null

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {config.title}
        </Title>
        <Group gap="sm">
          {restorable !== null && (
            <Button variant="default" onClick={() => setShowDeleted(true)}>
              Mostrar eliminados
            </Button>
          )}
          <Button leftSection={<PlusIcon />} onClick={() => openForm(null)} onPointerEnter={loadForm} onFocus={loadForm}>
            {texts.create}
          </Button>
        </Group>
      </Group>
      <ResourceList
        config={config}
        query={query}
        onQuery={update}
        failure={status === "failure" ? (context.failure?.message ?? listLoadFailed()) : null}
        loading={context.loading}
        items={context.items}
        total={context.total}
        canRetry={status === "failure"}
        onRetry={controller.retry}
        onCreate={() => openForm(null)}
        onEdit={openForm}
        onDelete={(item) => withLatest({ kind: "delete", item })}
        nameOf={nameOf}
      />
      {wantsForm && Form !== null && (
        <Form
          config={config}
          texts={texts}
          opened={controller.opened((d) => d.kind === "form")}
          item={editing}
          defaults={query.family !== null ? { family_id: query.family } : {}}
          canSubmit={controller.canWrite}
          saving={status === "creating" || status === "updating"}
          rejection={controller.rejection}
          onSubmit={(input) => (editing === null ? controller.create(input) : controller.update(editing.id, input))}
          onClose={controller.close}
          read={controller.read}
        />
      )}
      <ConfirmDelete
        opened={controller.opened((d) => d.kind === "delete")}
        name={deleting !== null ? nameOf(deleting) : ""}
        warning={texts.deleteWarning}
        canConfirm={deleting !== null && controller.canWrite}
        deleting={status === "deleting"}
        error={controller.rejection?.message ?? null}
        onConfirm={() => deleting !== null && controller.remove(deleting.id)}
        onClose={controller.close}
      />
      {restorable !== null && showDeleted && (
        <Suspense fallback={null}>
          <DeletedRecords name={restorable} title={config.title} noun={config.noun} call={call} onClose={() => setShowDeleted(false)} onRestored={onRestored} />
        </Suspense>
      )}
    </Stack>
  )
}
