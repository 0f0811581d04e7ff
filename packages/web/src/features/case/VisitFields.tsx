import { Group, TextInput } from "@mantine/core"
import type { StepErrors, StepFields } from "@palma/core"

interface VisitFieldsProps {
  readonly fields: StepFields
  readonly errors: StepErrors
  readonly onChange: (patch: Partial<StepFields>) => void
  readonly autoFocus?: boolean
}

/** The visit's day and hour, both optional (a visit is often agreed later). */
export const VisitFields = ({ fields, errors, onChange, autoFocus }: VisitFieldsProps) => (
  <Group grow align="flex-start">
    <TextInput
      type="date"
      label="Día de la visita"
      value={fields.scheduled_date}
      error={errors.scheduled_date}
      data-autofocus={autoFocus ? true : undefined}
      onChange={(e) => onChange({ scheduled_date: e.currentTarget.value })}
    />
    <TextInput type="time" label="Hora" value={fields.scheduled_time} onChange={(e) => onChange({ scheduled_time: e.currentTarget.value })} />
  </Group>
)
