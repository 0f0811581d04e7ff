import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core"
import { type Call, type Retail, Rut } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { type ReactNode, useEffect, useState } from "react"
import { Link, useLocation, useNavigate, useParams } from "react-router"
import { call as apiCall } from "../../lib/api"
import { notify } from "../../lib/notify"
import { retailActors } from "./retailActors"
import { retailMachine } from "./retailMachine"
import { LogoSection } from "./LogoSection"
import { PlansSection } from "./plans/PlansSection"
import { RetailForm } from "./RetailForm"
import { retailPath, retailListPath } from "./paths"

/** Navigation state of a retail's page: the retail as the opener has it, and why it was opened. */
interface OpenedState {
  readonly retail?: Retail
  /** A new retail's RUT was already taken by this one. */
  readonly existing?: boolean
}

const Section = ({ title, children }: { readonly title: string; readonly children: ReactNode }) => (
  <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
    <Title order={2} size="h4" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
)

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

  const [machine] = useState(() => retailMachine.provide({ actors: retailActors(call) }))
  const actor = useActorRef(machine, { input: { id: retailId, retail: opened.retail ?? null } })
  const status = useSelector(actor, (s) => s.value as string)
  const { retail, failure, rejection, pending } = useSelector(actor, (s) => s.context)
  const [logoVersion, setLogoVersion] = useState(0)

  useEffect(() => {
    const saved = actor.on("saved", ({ retail: savedRetail, created }) => {
      notify.success(created ? "Canal creado" : "Canal actualizado")
      if (created) void navigate(retailPath(savedRetail.id), { replace: true, state: { retail: savedRetail } satisfies OpenedState })
    })
    const exists = actor.on("exists", ({ retail: existing }) => {
      void navigate(retailPath(existing.id), { replace: true, state: { retail: existing, existing: true } satisfies OpenedState })
    })
    return () => {
      saved.unsubscribe()
      exists.unsubscribe()
    }
  }, [actor, navigate])

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
            {failure}
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
          onRut={(rut) => actor.send({ type: "CHECK_RUT", rut })}
          onSubmit={(input) => actor.send({ type: "SAVE", input })}
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
              onUploaded={(updated) => {
                setLogoVersion((v) => v + 1)
                actor.send({ type: "LOGO_SAVED", retail: updated })
              }}
            />
          </Section>
          <Section title="Planes">
            <PlansSection call={call} retailId={retail.id} />
          </Section>
        </>
      )}
    </Stack>
  )
}
