import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from "@mantine/core"
import { type Call, type RetailDetail, retailMachine, Rut } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { Link, useLocation, useNavigate, useParams } from "react-router"
import { Section } from "../../kit"
import { call as apiCall } from "../../lib/api"
import { useLookupCache } from "../../lib/lookups/LookupsProvider"
import { notify } from "../../lib/notify"
import { LogoSection } from "./LogoSection"
import { PlansSection } from "./plans/PlansSection"
import { RetailForm } from "./RetailForm"
import { retailPath, retailListPath } from "./paths"

/** Navigation state of a retail's page: the retail as the opener has it, and why it was opened. */
interface OpenedState {
  readonly retail?: RetailDetail
  /** Its version (`ETag`), which the page's saves send. */
  readonly version?: string | undefined
  /** A new retail's RUT was already taken by this one. */
  readonly existing?: boolean
}

/**
 * A retail's page (`/entities/retail/:id`, or `/entities/retail/new`): its data, then, once it
 * exists, its logo and its plans.
 */
export const RetailPage = ({ call = apiCall }: { readonly call?: Call }) => {
  const { id } = useParams()
  // Another retail (or the new one just created) starts afresh.
  return <RetailScreen key={id ?? "new"} call={call} retailId={id ?? null} />
}

const RetailScreen = ({ call, retailId }: { readonly call: Call; readonly retailId: string | null }) => {
  const navigate = useNavigate()
  const location = useLocation()
  const opened = (location.state ?? {}) as OpenedState

  const [machine] = useState(() => retailMachine(call))
  // The retail as the opener has it, when it is this one: no need to load it again.
  const known = opened.retail?.id === retailId ? opened.retail : null
  const actor = useActorRef(machine, { input: { id: retailId, record: known, version: known === null ? undefined : opened.version } })
  const status = useSelector(actor, (s) => s.value as string)
  const { record: retail, failure, rejection, pending } = useSelector(actor, (s) => s.context)
  const [logoVersion, setLogoVersion] = useState(0)
  const [saved, setSaved] = useState<RetailDetail | null>(null)
  const lookups = useLookupCache()

  useEffect(() => {
    const saved = actor.on("saved", ({ record: savedRetail, version, created }) => {
      notify.success(created ? "Canal creado" : "Canal actualizado")
      setSaved(savedRetail)
      lookups.touched("retail")
      if (created) void navigate(retailPath(savedRetail.id), { replace: true, state: { retail: savedRetail, version } satisfies OpenedState })
    })
    const exists = actor.on("exists", ({ record: existing, version }) => {
      void navigate(retailPath(existing.id), { replace: true, state: { retail: existing, version, existing: true } satisfies OpenedState })
    })
    return () => {
      saved.unsubscribe()
      exists.unsubscribe()
    }
  }, [actor, navigate, lookups])

  if (status === "loading" || status === "start")
    return (
      <Group role="status" gap="xs" p="md">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">Cargando canal…</Text>
      </Group>
    )

  if (status === "failure")
    return (
      <Stack>
        <Alert color="red" title="No se pudo cargar el canal">
          <Text size="sm" mb="sm">
            {failure?.message}
          </Text>
          <Group>
            <Button variant="light" color="red" onClick={() => actor.send({ type: "RETRY" })}>
              Reintentar
            </Button>
            <Button component={Link} to={retailListPath} variant="default">
              Volver a Canales
            </Button>
          </Group>
        </Alert>
      </Stack>
    )

  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to={retailListPath} size="sm">
          ← Canales
        </Anchor>
        <Title order={1} size="h2">
          {retail === null ? "Nuevo canal" : retail.name}
        </Title>
        {retail !== null && (
          <Text size="sm" c="dimmed">
            RUT {Rut.format(retail.rut)}
          </Text>
        )}
      </div>
      {opened.existing === true && retail !== null && (
        <Alert color="blue" title="Este RUT ya tiene un canal">
          Ya existe un canal con el RUT {Rut.format(retail.rut)}: se cargaron sus datos para editarlo. Al guardar se actualizará este canal.
        </Alert>
      )}
      <Section title="Datos del canal">
        <RetailForm
          key={retail?.id ?? "new"}
          retail={retail}
          saving={status === "saving" || (status === "checking" && pending !== null)}
          rejection={rejection}
          saved={saved}
          onRut={(rut) => actor.send({ type: "CHECK", key: rut })}
          onSubmit={(input) => actor.send({ type: "SAVE", input })}
          onReload={() => actor.send({ type: "RELOAD" })}
          reloading={status === "reloading"}
        />
      </Section>
      {retail === null ? (
        <Text size="sm" c="dimmed">
          Guarde el canal para agregar su logo y sus planes.
        </Text>
      ) : (
        <>
          <Section title="Logo">
            <LogoSection
              call={call}
              retail={retail}
              version={logoVersion}
              onUploaded={() => {
                setLogoVersion((v) => v + 1)
                // The upload changed the channel's version: read again, the page's next save sends the new one.
                actor.send({ type: "RELOAD" })
              }}
            />
          </Section>
          <Section title="Planes">
            <PlansSection call={call} retailId={retail.id} plans={retail.products} />
          </Section>
        </>
      )}
    </Stack>
  )
}
