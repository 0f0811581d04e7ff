import { Button, Group, Stack, Text } from "@mantine/core"
import type { CaseStep, CaseStepOption, CaseView } from "@palma/core"
import { Section } from "../../kit"
import { stepTexts } from "./caseTexts"

interface CaseActionsProps {
  readonly view: CaseView
  readonly options: ReadonlyArray<CaseStepOption>
  readonly busy: boolean
  readonly onPick: (step: CaseStep) => void
}

/** The steps the case lifecycle allows now; one the role may not take is disabled and says why. */
export const CaseActions = ({ view, options, busy, onPick }: CaseActionsProps) => {
  const refusals = [...new Set(options.flatMap((o) => (o.refusal === null ? [] : [o.refusal])))]
  const refusalId = (refusal: string) => `case-refusal-${refusals.indexOf(refusal)}`
  return (
    <Section title="Acciones">
      {options.length === 0 ? (
        <Text size="sm" c="dimmed">
          No hay acciones disponibles.
        </Text>
      ) : (
        <Stack gap="xs">
          <Group gap="xs">
            {options.map(({ step, refusal }) => (
              <Button
                key={step}
                variant={step === "close" || step === "reopen" ? "filled" : "light"}
                color={step === "rejectRefund" || step === "cancelAssignment" ? "red" : undefined}
                disabled={busy || refusal !== null}
                aria-describedby={refusal === null ? undefined : refusalId(refusal)}
                onClick={() => onPick(step)}
              >
                {stepTexts(step, view).label}
              </Button>
            ))}
          </Group>
          {refusals.map((refusal) => (
            <Text key={refusal} size="sm" c="dimmed" id={refusalId(refusal)}>
              {refusal}
            </Text>
          ))}
        </Stack>
      )}
    </Section>
  )
}
