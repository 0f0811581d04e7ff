import { Anchor, Card, Group, Stack, Text, Title } from "@mantine/core"
import { type Call, coverageActors, formatDate, type PersonCoverage, recordMachine, Rut } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { Link, useParams } from "react-router"
import { RetryAlert } from "../../components/RetryAlert"
import { call as apiCall } from "../../lib/api"
import { CoverageTable } from "../../lib/people/CoverageTable"
import { PolicyStatus } from "../../lib/people/PolicyStatus"
import { NO_SUBSCRIPTIONS } from "../../lib/people/personLabels"
import { kindOf, kindTexts, peoplePath } from "./paths"

const coverageMachine = recordMachine<PersonCoverage, never>({ id: "personCoverage", draftOf: () => null, edit: (draft) => draft })

/** A customer's or an insured's subscriptions, each with its policy, period and what the plan covers. */
export const PersonPage = ({ call = apiCall }: { readonly call?: Call }) => {
  const params = useParams()
  const kind = kindOf(params.kind)
  const id = params.id ?? ""
  return <PersonCoverageView key={`${kind}:${id}`} call={call} kind={kind} id={id} />
}

const PersonCoverageView = ({ call, kind, id }: { readonly call: Call; readonly kind: ReturnType<typeof kindOf>; readonly id: string }) => {
  const [logic] = useState(() => coverageMachine.provide({ actors: coverageActors(call, kind) }))
  const actor = useActorRef(logic, { input: { id } })
  const state = useSelector(actor, (s) => s.value)
  const person = useSelector(actor, (s) => s.context.record)
  const failure = useSelector(actor, (s) => s.context.failure)
  const back = `${peoplePath}${kind === "customer" ? "?kind=customer" : ""}`

  return (
    <Stack>
      <Anchor component={Link} to={back} size="sm">
        ← Volver a {kindTexts[kind].noun}
      </Anchor>
      {state === "failure" ? (
        <RetryAlert title="No se pudo cargar la persona" message={failure?.message ?? null} onRetry={() => actor.send({ type: "RETRY" })} />
      ) : person === null ? (
        <Text role="status">Cargando coberturas…</Text>
      ) : (
        <>
          <div>
            <Title order={1} size="h2">
              {person.name}
            </Title>
            <Text c="dimmed">
              RUT {Rut.format(person.rut)} · {kind === "customer" ? "Cliente" : "Asegurado"}
            </Text>
          </div>
          {person.subscriptions.length === 0 ? (
            <Text>{NO_SUBSCRIPTIONS}</Text>
          ) : (
            person.subscriptions.map((s) => (
              <Card key={s.subscription_id} withBorder radius="md" component="section" aria-label={`Suscripción ${s.plan}, póliza ${s.policy}`}>
                <Group justify="space-between" mb="xs">
                  <Title order={2} size="h4">
                    {s.plan}
                  </Title>
                  <PolicyStatus period={s} />
                </Group>
                <Text size="sm" mb="sm">
                  Póliza N° {s.policy} · del {formatDate(s.startDate)} al {formatDate(s.endDate)}
                </Text>
                <CoverageTable plan={s.plan} assistances={s.assistances} />
              </Card>
            ))
          )}
        </>
      )}
    </Stack>
  )
}
