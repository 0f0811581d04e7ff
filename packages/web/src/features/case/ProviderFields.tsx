import { Alert, Button, Radio, ScrollArea, Select, Stack, Text } from "@mantine/core"
import { type AssignmentKind, candidateSpecialtiesParam, candidatesParam, type CaseView, type StepErrors, type StepFields } from "@palma/core"
import { useEffect } from "react"
import { useLookup } from "../../lib/lookups/useLookup"
import { VisitFields } from "./VisitFields"

interface ProviderFieldsProps {
  readonly kind: AssignmentKind
  readonly view: CaseView
  readonly fields: StepFields
  readonly errors: StepErrors
  readonly onChange: (patch: Partial<StepFields>) => void
}

/**
 * Who to send: the candidates the server ranks for the case (fewest open cases, then the best
 * rated), the specialty they will work under, and when they visit.
 */
export const ProviderFields = ({ kind, view, fields, errors, onChange }: ProviderFieldsProps) => {
  const assistanceId = view.assistance?.id ?? ""
  const districtId = view.event?.district_id ?? null
  const missing =
    assistanceId === ""
      ? "El caso no tiene un servicio: no hay a quién enviar."
      : kind === "specialist" && districtId === null
        ? "El evento no tiene comuna: no se pueden buscar especialistas."
        : null
  const candidates = useLookup("caseCandidates", candidatesParam(kind, assistanceId, districtId), missing === null)
  const providerId = fields.provider?.id ?? ""
  const specialties = useLookup("candidateSpecialties", candidateSpecialtiesParam(kind, providerId, assistanceId), providerId !== "")
  const only = specialties.value?.length === 1 ? specialties.value[0]! : null
  // A candidate with one specialty for the service works under it: nothing to choose.
  useEffect(() => {
    if (only !== null && fields.specialty === null) onChange({ specialty: { id: only.specialty_id, name: only.specialty_name } })
  }, [only, fields.specialty, onChange])
  const who = kind === "specialist" ? "Especialista" : "Alianza"
  if (missing !== null) return <Alert color="yellow">{missing}</Alert>
  const list = candidates.value ?? []
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
        <Alert color="yellow">
          {kind === "specialist"
            ? "Ningún especialista activo realiza este servicio en la comuna del evento."
            : "Ninguna alianza activa realiza este servicio."}
        </Alert>
      ) : (
        <Radio.Group
          label={who}
          description="Primero quienes tienen menos casos abiertos y, entre ellos, mejor calificación."
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
                  description={[c.rut, c.place, c.phone].filter((p) => p !== null && p !== "").join(" · ")}
                  autoFocus={i === 0}
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
