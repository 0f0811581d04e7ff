import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import { type Call, caseRecordWith, caseStepsOf, roleFromPublicMeta } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useCallback, useEffect, useMemo, useState } from "react"
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
  const role = roleFromPublicMeta(useSession().user.publicMetadata)
  const [logic] = useState(() => caseRecordWith(call, subscribeCaseLive))
  const actor = useActorRef(logic, { input: { id, role } })
  const failed = useSelector(actor, (s) => s.matches("failure"))
  const loaded = useSelector(actor, (s) => s.context.loaded)
  const failure = useSelector(actor, (s) => s.context.failure)
  const rejection = useSelector(actor, (s) => s.context.rejection)
  const step = useSelector(actor, (s) => s.context.step)
  const changedElsewhere = useSelector(actor, (s) => s.context.changedElsewhere)
  const chatPosts = useSelector(actor, (s) => s.context.chatPosts)
  const saving = useSelector(actor, (s) => s.matches({ ready: "saving" }))
  const reloading = useSelector(actor, (s) => s.matches({ ready: "reloading" }))
  const stages = useLookup("stages")
  const procedures = useLookup("procedures")
  const lookups = useLookupCache()
  const stageNames = useMemo(() => Object.fromEntries((stages.value ?? []).map((s) => [s.code, s.name])), [stages.value])
  const reload = useCallback(() => actor.send({ type: "RELOAD" }), [actor])

  useEffect(() => {
    const done = actor.on("taken", ({ step: taken, record }) => {
      if (taken !== null) notify.success(stepTexts(taken, record.view).done)
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
  const procedure = (procedures.value ?? []).find((p) => p.id === view.procedure_id) ?? null
  // What the case lifecycle offers this role now, with the reason for a step it may not take.
  const options = caseStepsOf(view, role)

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
            <Button size="xs" onClick={reload}>
              Recargar
            </Button>
          </Group>
        </Alert>
      )}
      <CaseActions view={view} options={options} busy={saving || reloading} onPick={(picked) => actor.send({ type: "PICK", step: picked })} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <CaseParties view={view} />
        <CaseTimeline view={view} stageNames={stageNames} />
      </SimpleGrid>
      <CaseService view={view} />
      <ProcedurePanel view={view} procedureName={procedure?.name ?? null} />
      <CaseDocuments call={call} view={view} onUploaded={reload} />
      <CaseChat call={call} caseId={view.case_id} names={names} posted={chatPosts} />
      <CaseHistory history={view.history} names={names} stageNames={stageNames} />
      {step !== null && role !== null && (
        <CaseStepDialog
          step={step}
          view={view}
          role={role}
          offered={options.some((o) => o.step === step && o.refusal === null)}
          saving={saving}
          reloading={reloading}
          rejection={rejection}
          onConfirm={(input) => actor.send({ type: "TAKE", input })}
          onReload={reload}
          onClose={() => actor.send({ type: "DISMISS" })}
        />
      )}
    </Stack>
  )
}
