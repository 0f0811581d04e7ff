import { Text, Timeline } from "@mantine/core"
import type { CaseView } from "@palma/core"
import { Section } from "../../kit"
import { whenOf } from "./caseTexts"
import { stagePathOf } from "./stagePath"

/**
 * The case's stages in order: those its events reached, with when each was first reached, and the
 * one it is at. Names come from the stage master data (admins may rename them).
 */
export const CaseTimeline = ({ view, stageNames }: { readonly view: CaseView; readonly stageNames: Readonly<Record<string, string>> }) => {
  const path = stagePathOf(view)
  // History is newest first: the last entry of a stage is when it was first reached.
  const reachedAt = new Map(view.history.map((h) => [h.code, h.at]))
  const current = path.indexOf(view.stage.code)
  return (
    <Section title="Etapas">
      <Timeline active={current} bulletSize={18} lineWidth={2}>
        {path.map((code, index) => {
          const at = reachedAt.get(code)
          const name = code === view.stage.code ? view.stage.name : (stageNames[code] ?? code)
          return (
            <Timeline.Item key={code} title={name} aria-current={index === current ? "step" : undefined}>
              <Text size="xs" c="dimmed">
                {index === current ? "Etapa actual · " : ""}
                {at === undefined ? (index < current ? "Sin registro" : "Pendiente") : whenOf(at)}
              </Text>
            </Timeline.Item>
          )
        })}
      </Timeline>
    </Section>
  )
}
