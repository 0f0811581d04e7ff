import { Alert, Anchor, Button, Group, Radio, Stack, Text, Textarea, TextInput, Title } from "@mantine/core"
import {
  type Call,
  type CaseDraftContext,
  chileDateOf,
  coverageProblemsOf,
  eventProblems,
  formatDate,
  productProblem,
  PROCEDURE_UNDECIDED,
  heldProductLabel,
  offeredAssistanceLabel
} from "@palma/core"
import { useSelector } from "@xstate/react"
import { useEffect, useRef, useState } from "react"
import { Link } from "react-router"
import { DistrictSelect } from "../../components/district/DistrictSelect"
import { TypeAheadSelect } from "../../components/TypeAheadSelect"
import { districtLabel, findDistrict } from "../../components/district/districtOptions"
import { call as apiCall } from "../../lib/api"
import { useDistricts } from "../../lib/lookups/useDistricts"
import { useLookup } from "../../lib/lookups/useLookup"
import { CoverageSummary } from "./CoverageSummary"
import { NewcomerStep } from "./NewcomerStep"
import { Step } from "./Step"
import { stepTitles } from "./steps"
import { useCaseDraft } from "./useCaseDraft"

/**
 * Nuevo caso (Asistencia): the caseDraft flow, keyboard first — each step is one form, its first
 * field focused, Enter moves on, Volver goes back. The coverage check is shown plainly; going on
 * without coverage asks for the reason. Saving opens the case's page.
 */
export const CaseDraftPage = ({ call = apiCall }: { readonly call?: Call }) => {
  const actor = useCaseDraft(call)
  const state = useSelector(actor, (s) => s.value)
  const context = useSelector(actor, (s) => s.context)
  const procedures = useLookup("procedures", "", state === "procedure" || state === "review")
  const [rut, setRut] = useState(context.rut)
  const [date, setDate] = useState(context.eventDate)
  // The event's fields say what they lack, in Spanish, once the operator tried to go on (not while
  // typing); they are not `required`, so the browser's own bubble does not stop the form first.
  const [eventTried, setEventTried] = useState(false)
  const eventErrors = eventProblems(context.event)
  // The same for the product: said once «Continuar» was pressed without one (for this applicant), and the choices get the focus.
  const [productTriedFor, setProductTriedFor] = useState<CaseDraftContext["applicant"]>(null)
  const firstProduct = useRef<HTMLInputElement>(null)
  const { districts } = useDistricts()
  const eventDistrict = findDistrict(districts, context.event.location)
  const send = actor.send
  // React's autoFocus skips links: the opened case's «Ver el caso» is focused here, so Enter opens it.
  const viewCase = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (state === "done") viewCase.current?.focus()
  }, [state])
  const failure =
    context.failure === null ? null : (
      <Alert color="red" title="No se pudo continuar" role="alert">
        {context.failure.message}
      </Alert>
    )
  const problems = coverageProblemsOf(context)
  const chosen = context.services?.assistance ?? null
  // Nobody covered has the RUT: registering the person, and loading their plan's services.
  const isUnknown =
    state === "unknown" || state === "registering" || (state === "loadingServices" && context.newcomer !== null && context.assistanceId === null)

  if (state === "done" && context.saved !== null) {
    const saved = context.saved
    return (
      <Stack>
        <Title order={1} size="h2">
          Caso N° {saved.case_number} abierto
        </Title>
        <Text>
          {saved.assistance?.name} para {saved.insured?.name} {saved.insured?.paternalLastName} · {saved.stage.name}
        </Text>
        <Group>
          <Button component={Link} to={`/assistance/case/${saved.case_id}`} ref={viewCase}>
            Ver el caso
          </Button>
          <Button variant="default" onClick={() => send({ type: "RESET" })}>
            Abrir otro caso
          </Button>
        </Group>
      </Stack>
    )
  }

  return (
    <Stack>
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          Nuevo caso
        </Title>
        <Anchor component={Link} to="/assistance/case" size="sm">
          Ver casos
        </Anchor>
      </Group>
      <Text c="dimmed" size="sm">
        Paso: {stepTitles[state]}
      </Text>
      {failure}
      {(state === "applicant" || state === "lookingUp" || isUnknown) && (
        <Step title="Solicitante" next="Buscar" busy={state === "lookingUp"} onNext={() => send({ type: "LOOKUP", rut, date })}>
          <Group grow align="start">
            <TextInput
              label="RUT del solicitante"
              description="Titular o carga, con o sin puntos"
              value={rut}
              onChange={(e) => setRut(e.currentTarget.value)}
              required
              autoFocus
              data-autofocus
            />
            <TextInput
              type="date"
              label="Fecha del evento"
              value={date}
              max={chileDateOf(new Date())}
              onChange={(e) => setDate(e.currentTarget.value)}
              required
            />
          </Group>
          {isUnknown && (
            <Alert color="yellow" title="Sin póliza vigente" role="alert">
              Nadie con el RUT {rut} tiene una póliza vigente el {formatDate(date)}. Regístrelo abajo con el plan que toma para abrir su caso, o busque otro
              RUT.
            </Alert>
          )}
        </Step>
      )}
      {isUnknown && (
        <NewcomerStep
          busy={state !== "unknown"}
          onBack={() => send({ type: "BACK" })}
          onRegister={(person, plan) => send({ type: "REGISTER", person, plan })}
        />
      )}
      {(state === "product" || (state === "loadingServices" && context.assistanceId === null)) && context.applicant !== null && (
        <Step
          title="Producto"
          busy={state === "loadingServices"}
          onBack={() => send({ type: "BACK" })}
          onNext={() => {
            if (context.product !== null) send({ type: "PICK_PRODUCT", lead_id: context.product.lead_id })
            else {
              setProductTriedFor(context.applicant)
              firstProduct.current?.focus()
            }
          }}
          focusNext={context.product !== null}
        >
          <Text>
            {context.applicant.type === "B" ? "Carga" : "Titular"}: {context.applicant.beneficiary?.name ?? context.applicant.insured.name}{" "}
            {context.applicant.beneficiary?.paternalLastName ?? context.applicant.insured.paternalLastName} · Cliente {context.applicant.customer.name}
          </Text>
          <Radio.Group
            label="Producto de la póliza"
            value={context.product?.lead_id ?? ""}
            onChange={(lead_id) => send({ type: "PICK_PRODUCT", lead_id })}
            error={productTriedFor === context.applicant ? productProblem(context) : null}
          >
            <Stack gap="xs" mt="xs">
              {context.applicant.products.map((p, i) => (
                <Radio
                  key={p.lead_id}
                  value={p.lead_id}
                  label={heldProductLabel(p)}
                  ref={i === 0 ? firstProduct : undefined}
                  autoFocus={i === 0 && context.product === null}
                />
              ))}
            </Stack>
          </Radio.Group>
        </Step>
      )}
      {(state === "assistance" || (state === "loadingServices" && context.assistanceId !== null)) && context.services !== null && (
        <Step
          title="Servicio"
          busy={state === "loadingServices"}
          onBack={() => send({ type: "BACK" })}
          onNext={() => context.assistanceId && send({ type: "PICK_ASSISTANCE", assistance_id: context.assistanceId })}
        >
          <Radio.Group
            label={context.services.product ? `Servicios de ${context.services.product.name}` : "Servicios del producto"}
            value={context.assistanceId ?? ""}
            onChange={(assistance_id) => send({ type: "PICK_ASSISTANCE", assistance_id })}
          >
            <Stack gap="xs" mt="xs">
              {context.services.assistances.map((a, i) => (
                <Radio key={a.id} value={a.id} label={offeredAssistanceLabel(a)} autoFocus={i === 0} />
              ))}
            </Stack>
          </Radio.Group>
        </Step>
      )}
      {state === "coverage" && chosen !== null && (
        <Step
          title="Cobertura"
          onBack={() => send({ type: "BACK" })}
          onNext={() => send({ type: "NEXT" })}
          next={problems.length > 0 ? "Continuar con excepción" : "Continuar"}
          focusNext={problems.length === 0}
        >
          <CoverageSummary assistance={chosen} coverage={context.services?.coverage ?? null} />
          {problems.length > 0 ? (
            <>
              <Alert color="orange" title="Sin cobertura" role="alert">
                <Stack gap={4}>
                  {problems.map((p) => (
                    <Text key={p.code} size="sm">
                      {p.message}
                    </Text>
                  ))}
                </Stack>
              </Alert>
              <Textarea
                label="Motivo de la excepción"
                description="Para abrir el caso sin cobertura, indique quién lo autoriza y por qué; queda en el historial."
                value={context.exception ?? ""}
                onChange={(e) => send({ type: "CONFIRM_EXCEPTION", reason: e.currentTarget.value })}
                required
                autoFocus
              />
            </>
          ) : (
            <Alert color="green" title="Con cobertura" role="status">
              El servicio está cubierto para la fecha del evento.
            </Alert>
          )}
        </Step>
      )}
      {state === "values" && (
        <Step
          title="Valores"
          onBack={() => send({ type: "BACK" })}
          onNext={() => send({ type: "NEXT" })}
          focusNext={(context.services?.values ?? []).length === 0}
        >
          {(context.services?.values ?? []).length === 0 ? (
            <Text c="dimmed">Este servicio no pide valores.</Text>
          ) : (
            (context.services?.values ?? []).map((v, i) => (
              <TextInput
                key={v.id}
                label={v.name}
                value={context.values[v.id] ?? ""}
                onChange={(e) => send({ type: "SET_VALUE", id: v.id, value: e.currentTarget.value })}
                autoFocus={i === 0}
              />
            ))
          )}
        </Step>
      )}
      {state === "event" && (
        <Step
          title="Evento"
          onBack={() => send({ type: "BACK" })}
          onNext={() => {
            setEventTried(true)
            send({ type: "NEXT" })
          }}
        >
          <Text size="sm">Fecha del evento: {formatDate(context.eventDate)}</Text>
          <DistrictSelect
            label="Comuna"
            description="Donde ocurrió; con ella se proponen los especialistas que la atienden"
            value={context.event.location === "" ? null : context.event.location}
            onChange={(code) => send({ type: "SET_EVENT", location: code ?? "" })}
            withAsterisk
            autoFocus
            error={eventTried ? eventErrors.location : undefined}
          />
          <Textarea
            label="Qué pasó"
            value={context.event.description}
            onChange={(e) => send({ type: "SET_EVENT", description: e.currentTarget.value })}
            withAsterisk
            rows={3}
            error={eventTried ? eventErrors.description : undefined}
          />
        </Step>
      )}
      {state === "procedure" && (
        <Step title="Procedimiento" onBack={() => send({ type: "BACK" })} onNext={() => send({ type: "NEXT" })}>
          <TypeAheadSelect
            label="Cómo se resolverá"
            placeholder={procedures.status === "loading" ? "Cargando…" : PROCEDURE_UNDECIDED}
            data={(procedures.value ?? []).filter((p) => p.isActive).map((p) => ({ value: p.id, label: p.name }))}
            value={context.procedureId}
            onChange={(value) => send({ type: "SET_PROCEDURE", procedure_id: value })}
            clearable
            autoFocus
            error={procedures.status === "error" ? procedures.failure?.message : undefined}
          />
        </Step>
      )}
      {(state === "review" || state === "saving") && (
        <Step
          title="Revisión"
          next="Abrir el caso"
          busy={state === "saving"}
          focusNext
          onBack={() => send({ type: "BACK" })}
          onNext={() => send({ type: "SUBMIT" })}
        >
          <Stack gap={4}>
            <Text>
              Solicitante: {context.rut} ({context.applicant?.type === "B" ? "carga" : "titular"})
            </Text>
            <Text>Producto: {context.product?.name}</Text>
            <Text>Servicio: {chosen?.name}</Text>
            {context.exception !== null && <Text>Excepción de cobertura: {context.exception}</Text>}
            <Text>
              Evento: {formatDate(context.eventDate)}
              {eventDistrict ? `, ${districtLabel(eventDistrict)}` : context.event.location ? `, ${context.event.location}` : ""} — {context.event.description}
            </Text>
            <Text>Procedimiento: {(procedures.value ?? []).find((p) => p.id === context.procedureId)?.name ?? "sin definir"}</Text>
          </Stack>
        </Step>
      )}
    </Stack>
  )
}
