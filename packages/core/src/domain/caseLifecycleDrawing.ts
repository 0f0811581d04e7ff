import { caseLifecycle } from "./caseLifecycle.js"
import { mermaidOf } from "./statechartDiagram.js"

/** Where the drawing is committed, from the repository's root, and the command that writes it. */
export const caseLifecycleDrawingPath = "docs/caseLifecycle.md"
export const drawLifecycleCommand = "pnpm draw:lifecycle"

/** docs/caseLifecycle.md as the machine draws itself: regenerated, never edited by hand. */
export const caseLifecycleDrawing = (): string =>
  [
    "# Case lifecycle",
    "",
    `<!-- Generated from packages/core/src/domain/caseLifecycle.ts by \`${drawLifecycleCommand}\`; do not edit. -->`,
    "",
    "Drawn from the `caseLifecycle` statechart's own definition. `always` edges are how stored facts",
    "place a case (`resolving` states); other edges are commands, with the guard that must pass in",
    "brackets. Dashed lines split the parallel regions of an open case. See the README's",
    '"Case lifecycle" section for what each part means.',
    "",
    "```mermaid",
    mermaidOf(caseLifecycle.root),
    "```",
    ""
  ].join("\n")
