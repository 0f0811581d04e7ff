import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { caseLifecycle } from "@palma/core/domain/caseLifecycle"
import { caseLifecycleDrawing, caseLifecycleDrawingPath, drawLifecycleCommand } from "@palma/core/domain/caseLifecycleDrawing"
import type { DrawnNode } from "@palma/core/domain/statechartDiagram"

const committed = () => readFileSync(fileURLToPath(new URL(`../../../../${caseLifecycleDrawingPath}`, import.meta.url)), "utf8")

const nodesOf = (node: DrawnNode): ReadonlyArray<DrawnNode> => [node, ...Object.values(node.states).flatMap(nodesOf)]

describe("the case lifecycle's drawing (issue 32 §5)", () => {
  it("is what the machine draws now: a change to the machine needs the drawing regenerated", () => {
    expect(committed(), `${caseLifecycleDrawingPath} difiere de la máquina: ejecute «${drawLifecycleCommand}» y confirme el archivo`).toBe(
      caseLifecycleDrawing()
    )
  })

  it("has every state and every guard of the machine in it", () => {
    const drawing = caseLifecycleDrawing()
    const states = nodesOf(caseLifecycle.root).filter((n) => n.path.length > 0)
    expect(states.length).toBeGreaterThan(20)
    for (const state of states) expect(drawing).toContain(`state "${state.key}" as ${state.path.join("_")}`)
    for (const guard of Object.keys(caseLifecycle.implementations.guards)) expect(drawing).toContain(`[${guard}]`)
    expect(drawing).toContain("open --> closed : close [mayClose]")
    expect(drawing).toContain("closed --> open : reopen [mayReopen]")
    // The three regions of an open case, side by side.
    expect(drawing.match(/^\s*--$/gm)).toHaveLength(2)
  })
})
