import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core"
import { RetryAlert } from "../RetryAlert"
import { type Call, type ProviderDetail, type ProviderInput, type ProviderKind, providerMachine, Rut } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { type ComponentType, useEffect, useMemo, useState } from "react"
import { Link, useLocation, useNavigate, useParams } from "react-router"
import { askActor, ConfirmDelete, ofThe, textsOf, type WriteRejection } from "../../kit"
import { TrashIcon } from "../../kit/icons"
import { call as apiCall } from "../../lib/api"
import { useLookupCache } from "../../lib/lookups/LookupsProvider"
import { notify } from "../../lib/notify"
import type { ProviderScreen } from "./providerScreen"
import { RutLookup } from "./RutLookup"

/** What a kind's form gets from the page. */
export interface ProviderFormProps<K extends ProviderKind> {
  /** The provider edited; null for a new one. */
  readonly record: ProviderDetail<K> | null
  /** Canonical ("12345678-5"): the record's, or the one looked up for a new record. */
  readonly rut: string
  readonly saving: boolean
  /** A save or delete is under way: the page may move on by itself, so unsaved changes do not hold it. */
  readonly writing: boolean
  readonly rejection: WriteRejection | null
  readonly submitLabel: string
  readonly onSubmit: (input: ProviderInput<K>) => void
  /** Someone else saved first (412): the provider as stored now, which the page shows from then on. */
  readonly reload: (id: string) => Promise<ProviderDetail<K>>
  /** The list to go back to, and its title. */
  readonly listPath: string
  readonly listTitle: string
}

/** What differs between the specialist and partner pages: how the kind is named, and its form. */
export interface ProviderScreenConfig<K extends ProviderKind> extends ProviderScreen<K> {
  readonly Form: ComponentType<ProviderFormProps<K>>
}

/** Navigation state of a provider's page: the record as the opener has it, and why it was opened. */
interface OpenedState<K extends ProviderKind> {
  readonly record?: ProviderDetail<K>
  /** Its version, when the page that opened this one read or wrote it. */
  readonly version?: string | undefined
  /** The RUT looked up for a new one already had this provider. */
  readonly existing?: boolean
}

/**
 * A provider's page: `<list>/new` asks for the RUT first and opens the provider that has it, or
 * a new record prefilled with it (spec §4); `<list>/:id` edits one. Saving upserts by RUT (and
 * restores a deleted one); deleting asks first.
 */
export const ProviderPage = <K extends ProviderKind>({ config, call = apiCall }: { readonly config: ProviderScreenConfig<K>; readonly call?: Call }) => {
  const { id } = useParams()
  // "Cambiar RUT" starts the lookup afresh.
  const [attempt, setAttempt] = useState(0)
  return <ProviderScreen key={`${id ?? "new"}:${attempt}`} config={config} call={call} id={id ?? null} onRestart={() => setAttempt((n) => n + 1)} />
}

interface ProviderScreenProps<K extends ProviderKind> {
  readonly config: ProviderScreenConfig<K>
  readonly call: Call
  readonly id: string | null
  readonly onRestart: () => void
}

const ProviderScreen = <K extends ProviderKind>({ config, call, id, onRestart }: ProviderScreenProps<K>) => {
  const { kind, listPath, noun, nameOf, Form } = config
  const texts = useMemo(() => textsOf(noun), [noun])
  // Spanish agrees with the noun: "la alianza", "un especialista".
  const feminine = noun.gender === "f"
  const the = feminine ? "la" : "el"
  const one = feminine ? "una" : "un"
  const navigate = useNavigate()
  const location = useLocation()
  // React Router keeps navigation state untyped; this page is the only one that sets it.
  const opened = (location.state ?? {}) as OpenedState<K>

  const [machine] = useState(() => providerMachine(call, kind))
  const known = opened.record?.id === id ? opened.record : null
  const actor = useActorRef(machine, { input: { id, record: known, version: known === null ? undefined : opened.version } })
  const status = useSelector(actor, (s) => s.value)
  const { record, failure, rejection, checkedKey } = useSelector(actor, (s) => s.context)
  const [confirming, setConfirming] = useState(false)
  // Each save starts the form afresh from what the server kept (nothing left unsaved).
  const [saves, setSaves] = useState(0)
  const lookups = useLookupCache()

  useEffect(() => {
    const saved = actor.on("saved", ({ record: savedRecord, version, created }) => {
      notify.success(created ? texts.created : texts.updated)
      setSaves((n) => n + 1)
      lookups.touched(kind)
      if (created) void navigate(`${listPath}/${savedRecord.id}`, { replace: true, state: { record: savedRecord, version } satisfies OpenedState<K> })
    })
    const exists = actor.on("exists", ({ record: existing, version }) => {
      void navigate(`${listPath}/${existing.id}`, { replace: true, state: { record: existing, version, existing: true } satisfies OpenedState<K> })
    })
    const deleted = actor.on("deleted", () => {
      setConfirming(false)
      notify.success(texts.deleted)
      lookups.touched(kind)
      void navigate(listPath)
    })
    return () => {
      saved.unsubscribe()
      exists.unsubscribe()
      deleted.unsubscribe()
    }
  }, [actor, navigate, lookups, kind, listPath, texts])

  const back = (
    <Anchor component={Link} to={listPath} size="sm">
      {`← ${config.title}`}
    </Anchor>
  )

  if (status === "loading" || status === "start")
    return (
      <Group role="status" gap="xs" p="md">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{`Cargando ${noun.singular}…`}</Text>
      </Group>
    )

  if (status === "failure")
    return (
      <RetryAlert title={`No se pudo cargar ${the} ${noun.singular}`} message={failure?.message ?? null} onRetry={() => actor.send({ type: "RETRY" })}>
        <Button component={Link} to={listPath} variant="default">
          {`Volver a ${config.title}`}
        </Button>
      </RetryAlert>
    )

  const rut = record?.rut ?? checkedKey
  const heading = (
    <div>
      {back}
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          {record === null ? texts.create : nameOf(record)}
        </Title>
        {record !== null && !record.isActive && (
          <Badge color="gray" variant="outline">
            {feminine ? "Eliminada" : "Eliminado"}
          </Badge>
        )}
      </Group>
      {rut !== null && (
        <Text size="sm" c="dimmed">
          RUT {Rut.format(rut)}
        </Text>
      )}
    </div>
  )

  // A new one: its RUT first.
  if (rut === null || status === "checking")
    return (
      <Stack gap="md">
        {heading}
        <RutLookup noun={`${one} ${noun.singular}`} searching={status === "checking"} onRut={(key) => actor.send({ type: "CHECK", key })} />
      </Stack>
    )

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        {heading}
        {record !== null && record.isActive && (
          <Button variant="light" color="red" leftSection={<TrashIcon />} onClick={() => setConfirming(true)}>
            Eliminar
          </Button>
        )}
      </Group>
      {record === null && (
        <Alert color="blue" title="RUT sin registro">
          <Text
            size="sm"
            mb="xs"
          >{`No hay ${one} ${noun.singular} con el RUT ${Rut.format(rut)}: complete sus datos para registrarl${feminine ? "a" : "o"}.`}</Text>
          <Button size="xs" variant="light" onClick={onRestart}>
            Cambiar RUT
          </Button>
        </Alert>
      )}
      {opened.existing === true && record !== null && (
        <Alert color="blue" title="Este RUT ya está registrado">
          {`Se cargaron los datos ${ofThe(noun)} con el RUT ${Rut.format(record.rut)} para editarlos.`}
        </Alert>
      )}
      {record !== null && !record.isActive && (
        <Alert color="yellow" title={texts.deleted}>
          {`No se le asignan casos. Al guardar, ${the} ${noun.singular} vuelve a quedar disponible.`}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md" component="section" aria-label={`Datos ${feminine ? "de la" : "del"} ${noun.singular}`}>
        <Form
          key={`${record?.id ?? "new"}:${saves}`}
          record={record}
          rut={rut}
          saving={status === "saving"}
          writing={status === "saving" || status === "deleting"}
          rejection={confirming ? null : rejection}
          submitLabel={record === null ? `Crear ${noun.singular}` : record.isActive ? "Guardar cambios" : "Guardar y reactivar"}
          onSubmit={(input) => actor.send({ type: "SAVE", input })}
          reload={() =>
            askActor<ProviderDetail<K>>({
              accepted: actor.getSnapshot().can({ type: "RELOAD" }),
              send: () => actor.send({ type: "RELOAD" }),
              onDone: (handler) => actor.on("reloaded", ({ record: latest }) => handler(latest)),
              onFailed: (handler) => actor.on("unreadable", ({ failure: unread }) => handler(unread))
            })
          }
          listPath={listPath}
          listTitle={config.title}
        />
      </Paper>
      <ConfirmDelete
        opened={confirming}
        name={record !== null ? nameOf(record) : ""}
        warning={texts.deleteWarning}
        canConfirm={status === "ready"}
        deleting={status === "deleting"}
        error={confirming ? (rejection?.message ?? null) : null}
        onConfirm={() => actor.send({ type: "DELETE" })}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  )
}
