import { Alert, Button, Radio, ScrollArea, Select, Stack, Text } from "@mantine/core"
import {
  type AssignmentKind,
  assignmentBlock,
  assignmentKindFor,
  candidatesMissing,
  candidateSpecialtiesParam,
  candidatesParam,
  type CaseStep,
  type CaseView,
  type StepErrors,
  type StepFields
} from "@palma/core"
import { useEffect } from "react"
import { RutText } from "../../components/RutText"
import { useLookup } from "../../lib/lookups/useLookup"
import { VisitFields } from "./VisitFields"

interface ProviderFieldsProps {
  readonly kind: AssignmentKind
  readonly view: CaseView
  readonly fields: StepFields
  readonly errors: StepErrors
  readonly onChange: (patch: Partial<StepFields>) => void
}

/** The id of the text saying why nobody can be sent: the dialog's disabled button points to it. */
export const assignmentBlockId = "assignment-block"

/**
 * Who can be sent to the case, and why nobody can (null: someone can, or it is not known yet).
 * The lists come from the session's lookups, so the fields and the dialog's button read them once.
 */
const useCandidates = (kind: AssignmentKind, view: CaseView, enabled: boolean) => {
  const assistanceId = view.assistance?.id ?? ""
  const districtId = view.event?.district_id ?? null
  const missing = candidatesMissing(kind, assistanceId, districtId)
  const candidates = useLookup("caseCandidates", candidatesParam(kind, assistanceId, districtId), enabled && missing === null)
  const nobody = candidates.value?.length === 0
  // Nobody to send as a specialist: the partners that perform the service are a procedure change away.
  const partners = useLookup("caseCandidates", candidatesParam("alliance", assistanceId, null), enabled && nobody && kind === "specialist")
  const block = missing ?? (candidates.value === null ? null : assignmentBlock(kind, candidates.value, partners.value?.length ?? null))
  return { missing, candidates, block }
}

/** Why the step cannot be confirmed for want of someone to send (null: it can); only «Asignar» has one. */
export const useAssignmentBlock = (step: CaseStep, view: CaseView, procedure: string | null): string | null => {
  const { block } = useCandidates(assignmentKindFor(procedure), view, step === "assignProvider")
  return step === "assignProvider" ? block : null
}

/**
 * Who to send: the candidates the server ranks for the case (fewest open cases, then the best
 * rated; when nobody serves the event's comuna, those who work near it), the specialty they will
 * work under, and when they visit. With nobody to send it says what to do instead.
 */
export const ProviderFields = ({ kind, view, fields, errors, onChange }: ProviderFieldsProps) => {
  const assistanceId = view.assistance?.id ?? ""
  const { missing, candidates, block } = useCandidates(kind, view, true)
  const providerId = fields.provider?.id ?? ""
  const specialties = useLookup("candidateSpecialties", candidateSpecialtiesParam(kind, providerId, assistanceId), providerId !== "")
  const only = specialties.value?.length === 1 ? specialties.value[0]! : null
  // A candidate with one specialty for the service works under it: nothing to choose.
  useEffect(() => {
    if (only !== null && fields.specialty === null) onChange({ specialty: { id: only.specialty_id, name: only.specialty_name } })
  }, [only, fields.specialty, onChange])
  const who = kind === "specialist" ? "Especialista" : "Alianza"
  if (missing !== null)
    return (
      <Alert color="yellow" id={assignmentBlockId}>
        {missing}
      </Alert>
    )
  const list = candidates.value ?? []
  const near = list.some((c) => c.nearby !== null)
  return (
    <Stack>
      {candidates.status === "error" ? (
        <Alert color="red" title="No se pudo cargar a quién enviar" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{candidates.failure?.message}</Text>
            <Button size="xs" onClick={candidates.retry}>
              Reintentar
            </Button>
          </Stack>
        </Alert>
      ) : candidates.status === "loading" ? (
        <Text role="status">Buscando a quién enviar…</Text>
      ) : list.length === 0 ? (
        <Alert color="yellow" title="No hay a quién enviar" id={assignmentBlockId}>
          {block}
        </Alert>
      ) : (
        <Radio.Group
          label={who}
          description={
            near
              ? "Nadie atiende la comuna del evento: estos especialistas realizan el servicio cerca, primero en su provincia y luego en su región; entre ellos, primero quienes tienen menos casos abiertos."
              : "Primero quienes tienen menos casos abiertos y, entre ellos, mejor calificación."
          }
          withAsterisk
          value={providerId}
          error={errors.provider}
          onChange={(id) => {
            const picked = list.find((c) => c.id === id)
            if (picked !== undefined) onChange({ provider: { id: picked.id, name: picked.name }, specialty: null })
          }}
        >
          <ScrollArea.Autosize mah={260} mt="xs">
            <Stack gap="xs">
              {list.map((c, i) => (
                <Radio
                  key={c.id}
                  value={c.id}
                  label={`${i + 1}. ${c.name}`}
                  description={
                    <>
                      {c.nearby !== null && `${c.nearby} · `}
                      <RutText rut={c.rut} />
                      {[c.place, c.phone].map((p) => (p === null || p === "" ? null : ` · ${p}`))}
                    </>
                  }
                  // The best-ranked has the focus as the list opens: `autoFocus` when the list comes after the
                  // dialog, `data-autofocus` when it is already known (the dialog's focus trap looks for it).
                  autoFocus={i === 0}
                  data-autofocus={i === 0 ? true : undefined}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Radio.Group>
      )}
      <Select
        label="Especialidad"
        placeholder={
          providerId === ""
            ? `Elija primero ${kind === "specialist" ? "el especialista" : "la alianza"}`
            : specialties.status === "loading"
              ? "Cargando…"
              : "Sin especialidad"
        }
        disabled={providerId === ""}
        clearable
        data={(specialties.value ?? []).map((s) => ({ value: s.specialty_id, label: s.specialty_name }))}
        value={fields.specialty?.id ?? null}
        onChange={(id) => {
          const picked = (specialties.value ?? []).find((s) => s.specialty_id === id)
          onChange({ specialty: picked === undefined ? null : { id: picked.specialty_id, name: picked.specialty_name } })
        }}
        error={specialties.status === "error" ? specialties.failure?.message : undefined}
      />
      <VisitFields fields={fields} errors={errors} onChange={onChange} />
    </Stack>
  )
}
