import { Select, Stack, Textarea, TextInput } from "@mantine/core"
import { assignmentKindFor, type CaseStep, type CaseView, formatClp, type StepErrors, type StepFields } from "@palma/core"
import { useLookup } from "../../lib/lookups/useLookup"
import { ProviderFields } from "./ProviderFields"
import { RefundCoverage } from "./RefundCoverage"
import { VisitFields } from "./VisitFields"

interface StepFieldsBodyProps {
  readonly step: CaseStep
  readonly view: CaseView
  /** The description a plain step asks for (closing, reopening), or null. */
  readonly noteLabel: string | null
  readonly fields: StepFields
  readonly errors: StepErrors
  readonly onChange: (patch: Partial<StepFields>) => void
}

/** What the refund asks for, in pesos (the reimbursement, or else the IMED discount). */
const requested = (view: CaseView) => view.refund?.amount.required ?? view.refund?.imed.required ?? null

/** What the step asks for, by step; the dialog around it confirms, shows refusals and posts. */
export const StepFieldsBody = ({ step, view, noteLabel, fields, errors, onChange }: StepFieldsBodyProps) => {
  const procedures = useLookup("procedures", "", step === "chooseProcedure")
  const qualifications = useLookup("qualifications", "", step === "qualify")
  const comment = (
    <Textarea label="Comentario" rows={2} maxLength={2000} value={fields.comment} onChange={(e) => onChange({ comment: e.currentTarget.value })} />
  )
  switch (step) {
    case "chooseProcedure":
      return (
        <Select
          label="Procedimiento"
          withAsterisk
          data-autofocus
          placeholder={procedures.status === "loading" ? "Cargando…" : "Elija uno"}
          data={(procedures.value ?? []).filter((p) => p.isActive && p.id !== view.procedure_id).map((p) => ({ value: p.id, label: p.name }))}
          value={fields.procedure?.id ?? null}
          onChange={(id) => {
            const picked = (procedures.value ?? []).find((p) => p.id === id)
            onChange({ procedure: picked === undefined ? null : { id: picked.id, name: picked.name, code: picked.code } })
          }}
          error={errors.procedure ?? (procedures.status === "error" ? procedures.failure?.message : undefined)}
        />
      )
    case "assignProvider":
      return <ProviderFields kind={assignmentKindFor(view.procedure_code)} view={view} fields={fields} errors={errors} onChange={onChange} />
    case "schedule":
      return <VisitFields fields={fields} errors={errors} onChange={onChange} autoFocus />
    case "qualify":
      return (
        <Stack>
          <Select
            label="Calificación"
            withAsterisk
            data-autofocus
            placeholder={qualifications.status === "loading" ? "Cargando…" : "Elija una"}
            data={(qualifications.value ?? []).filter((q) => q.isActive).map((q) => ({ value: q.id, label: q.name }))}
            value={fields.qualification?.id ?? null}
            onChange={(id) => {
              const picked = (qualifications.value ?? []).find((q) => q.id === id)
              onChange({ qualification: picked === undefined ? null : { id: picked.id, name: picked.name } })
            }}
            error={errors.qualification ?? (qualifications.status === "error" ? qualifications.failure?.message : undefined)}
          />
          {comment}
        </Stack>
      )
    case "requestRefund":
      return (
        <Stack>
          <RefundCoverage view={view} amount={fields.amount} />
          <TextInput
            label="Monto en pesos"
            withAsterisk
            data-autofocus
            inputMode="numeric"
            placeholder="45.000"
            value={fields.amount}
            error={errors.amount}
            onChange={(e) => onChange({ amount: e.currentTarget.value })}
          />
          {comment}
        </Stack>
      )
    case "approveRefund":
      return <RefundCoverage view={view} amount={String(requested(view) ?? "")} counted={requested(view) ?? 0} />
    case "payRefund":
      return (
        <Stack>
          <RefundCoverage view={view} amount={fields.amount === "" ? String(requested(view) ?? "") : fields.amount} counted={requested(view) ?? 0} />
          <TextInput
            label="Monto pagado en pesos"
            description={`En blanco: lo solicitado${requested(view) === null ? "" : ` (${formatClp(requested(view) ?? 0)})`}`}
            data-autofocus
            inputMode="numeric"
            value={fields.amount}
            error={errors.amount}
            onChange={(e) => onChange({ amount: e.currentTarget.value })}
          />
        </Stack>
      )
    default:
      return noteLabel === null ? null : (
        <Textarea
          label={noteLabel}
          withAsterisk
          rows={3}
          maxLength={2000}
          data-autofocus
          value={fields.note}
          error={errors.note}
          onChange={(e) => onChange({ note: e.currentTarget.value })}
        />
      )
  }
}
