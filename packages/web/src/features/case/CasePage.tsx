import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import { type Call, caseLiveFeed, caseLiveMachine, type CaseStep, caseRecordMachine, caseSteps, roleFromPublicMeta } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useCallback, useEffect, useMemo, useRef, useState } from "react"
import { Link, useParams } from "react-router"
import { RetryAlert } from "../../components/RetryAlert"
import { arrivalFocus } from "../../kit"
import { call as apiCall } from "../../lib/api"
import { useSession } from "../../lib/auth/useSession"
import { subscribeCaseLive } from "../../lib/caseLiveEvents"
import { useLookupCache } from "../../lib/lookups/LookupsProvider"
import { useLookup } from "../../lib/lookups/useLookup"
import { notify } from "../../lib/notify"
import { CaseActions } from "./CaseActions"
import { CaseChat } from "./CaseChat"
import { CaseDocuments } from "./CaseDocuments"
import { CaseHistory } from "./CaseHistory"
import { CaseParties } from "./CaseParties"
import { CaseService } from "./CaseService"
import { CaseStepDialog } from "./CaseStepDialog"
import { CaseTimeline } from "./CaseTimeline"
import { stepTexts } from "./caseTexts"
import { casesPath } from "../../components/case/paths"
import { ProcedurePanel } from "./ProcedurePanel"
import { stageLook } from "../../components/case/stageColor"

/** A case's page, at `/assistance/case/:id`. */
export const CasePage = ({ call = apiCall }: { readonly call?: Call }) => {
  const id = useParams().id ?? ""
  return <CaseScreen key={id} call={call} id={id} />
}

const CaseScreen = ({ call, id }: { readonly call: Call; readonly id: string }) => {
  const [logic] = useState(() => caseRecordMachine(call))
  const actor = useActorRef(logic, { input: { id } })
  const failed = useSelector(actor, (s) => s.matches("failure"))
  const loaded = useSelector(actor, (s) => s.context.record)
  const failure = useSelector(actor, (s) => s.context.failure)
  const rejection = useSelector(actor, (s) => s.context.rejection)
  const saving = useSelector(actor, (s) => s.matches("saving"))
  const reloading = useSelector(actor, (s) => s.matches("reloading"))
  const role = roleFromPublicMeta(useSession().user.publicMetadata)
  const stages = useLookup("stages")
  const procedures = useLookup("procedures")
  const lookups = useLookupCache()
  const stageNames = useMemo(() => Object.fromEntries((stages.value ?? []).map((s) => [s.code, s.name])), [stages.value])
  const [step, setStep] = useState<CaseStep | null>(null)
  // The step being confirmed, for the outcome's listener (subscribed once).
  const taking = useRef<CaseStep | null>(null)
  taking.current = step
  const procedure = (procedures.value ?? []).find((p) => p.id === loaded?.view.procedure_id) ?? null
  const procedureOf = useRef<string | null>(null)
  procedureOf.current = procedure?.code ?? null
  const reload = useCallback(() => actor.send({ type: "RELOAD" }), [actor])
  const [liveLogic] = useState(() => caseLiveMachine.provide({ actors: { feed: caseLiveFeed(subscribeCaseLive) } }))
  const live = useActorRef(liveLogic, { input: { caseId: id, known: 0 } })
  // The newest version written elsewhere while a step was being confirmed here; null: none.
  const [changedElsewhere, setChangedElsewhere] = useState<number | null>(null)
  const [chatPosts, setChatPosts] = useState(0)
  const known = loaded?.view.version ?? 0
  useEffect(() => live.send({ type: "KNOWN", version: known }), [live, known])
  useEffect(() => {
    // Another user's write: read it at once, unless a step is being confirmed here (then say so and let them reload).
    const changed = live.on("caseChanged", ({ version }) =>
      taking.current === null ? actor.send({ type: "RELOAD" }) : setChangedElsewhere((seen) => Math.max(seen ?? 0, version))
    )
    const posted = live.on("chatPosted", () => setChatPosts((n) => n + 1))
    return () => {
      changed.unsubscribe()
      posted.unsubscribe()
    }
  }, [live, actor])

  useEffect(() => {
    const done = actor.on("saved", ({ record }) => {
      if (taking.current !== null) notify.success(stepTexts(taking.current, record.view, procedureOf.current).done)
      setStep(null)
      // The notice of this very write can arrive before its answer: a version this save reached is not someone else's.
      setChangedElsewhere((seen) => (seen !== null && seen <= record.view.version ? null : seen))
      // Who was sent, or freed, changes how candidates rank.
      lookups.touched("case")
    })
    return () => done.unsubscribe()
  }, [actor, lookups])

  if (failed) return <RetryAlert title="No se pudo cargar el caso" message={failure?.message ?? null} onRetry={() => actor.send({ type: "RETRY" })} />
  if (loaded === null)
    return (
      <Text role="status" p="md">
        Cargando el caso…
      </Text>
    )
  const { view, names } = loaded
  // Until the procedures are read, no step that depends on the procedure is offered.
  const options = caseSteps(view, role, procedure?.code ?? null)

  return (
    <Stack>
      <Anchor component={Link} to={casesPath} size="sm">
        ← Volver a los casos
      </Anchor>
      <Group justify="space-between" align="center">
        <Group gap="sm" align="center">
          <Title order={1} size="h2" {...arrivalFocus}>
            Caso N° {view.case_number}
          </Title>
          <Badge size="lg" {...stageLook(view.stage.code)} aria-label={`Etapa: ${view.stage.name}`}>
            {view.stage.name}
          </Badge>
        </Group>
        <Text c="dimmed">
          {view.status.isClosed ? "Cerrado" : "Abierto"} · abierto el {view.date.replaceAll("/", "-")} a las {view.time}
        </Text>
      </Group>
      {view.status.description !== "" && (
        <Text size="sm">
          {view.status.isClosed ? "Cierre" : "Última reapertura"}: {view.status.description}
        </Text>
      )}
      {changedElsewhere !== null && (
        <Alert color="yellow" title="Otro usuario cambió este caso">
          <Group justify="space-between">
            <Text size="sm">Lo que se muestra ya no es lo último guardado.</Text>
            <Button
              size="xs"
              onClick={() => {
                setChangedElsewhere(null)
                reload()
              }}
            >
              Recargar
            </Button>
          </Group>
        </Alert>
      )}
      <CaseActions view={view} procedure={procedure?.code ?? null} options={options} busy={saving || reloading} onPick={setStep} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <CaseParties view={view} />
        <CaseTimeline view={view} stageNames={stageNames} />
      </SimpleGrid>
      <CaseService view={view} />
      <ProcedurePanel view={view} procedureName={procedure?.name ?? null} />
      <CaseDocuments call={call} view={view} onUploaded={reload} />
      <CaseChat call={call} caseId={view.case_id} names={names} posted={chatPosts} />
      <CaseHistory history={view.history} names={names} stageNames={stageNames} />
      {step !== null && (
        <CaseStepDialog
          step={step}
          view={view}
          procedure={procedure?.code ?? null}
          offered={options.some((o) => o.step === step && o.refusal === null)}
          saving={saving}
          reloading={reloading}
          rejection={rejection}
          onConfirm={(action) => actor.send({ type: "SAVE", input: action })}
          onReload={() => actor.send({ type: "RELOAD" })}
          onClose={() => setStep(null)}
        />
      )}
    </Stack>
  )
}
