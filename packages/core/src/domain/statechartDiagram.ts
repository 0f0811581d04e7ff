/**
 * A statechart drawn from its own definition (issue 32 §5): Mermaid `stateDiagram-v2` text from
 * an XState machine's root state node, so the drawing in docs/ can be regenerated and checked
 * instead of kept by hand. Read structurally, so any machine draws the same way.
 */

/** What the drawing reads of a transition (XState v5's TransitionDefinition). */
interface DrawnTransition {
  readonly guard?: unknown
  readonly target?: ReadonlyArray<DrawnNode> | undefined
}

/** What the drawing reads of a state node (XState v5's StateNode). */
export interface DrawnNode {
  readonly key: string
  readonly path: ReadonlyArray<string>
  readonly type: string
  readonly states: Readonly<Record<string, DrawnNode>>
  readonly initial: { readonly target: ReadonlyArray<DrawnNode> }
  readonly always?: ReadonlyArray<DrawnTransition> | undefined
  readonly on: Readonly<Record<string, ReadonlyArray<DrawnTransition> | undefined>>
}

/** Mermaid ids are global and may not hold dots: a state's path joined. */
const idOf = (node: DrawnNode) => node.path.join("_")

const guardName = (guard: unknown): string | null => {
  if (typeof guard === "string") return guard
  if (typeof guard === "object" && guard !== null && "type" in guard && typeof guard.type === "string") return guard.type
  return guard === undefined ? null : "guard"
}

/** `event [guard]`; an eventless (`always`) transition is labelled `always`. */
const labelOf = (event: string, transition: DrawnTransition) => {
  const guard = guardName(transition.guard)
  return guard === null ? event : `${event} [${guard}]`
}

/** A node's transitions as edges; one without a target stays where it is (drawn as a loop). */
const edgesOf = (node: DrawnNode, indent: string): ReadonlyArray<string> => {
  const all: ReadonlyArray<readonly [string, DrawnTransition]> = [
    ...(node.always ?? []).map((t) => ["always", t] as const),
    ...Object.entries(node.on).flatMap(([event, ts]) => (ts ?? []).map((t) => [event, t] as const))
  ]
  return all.flatMap(([event, t]) => {
    const targets = t.target === undefined || t.target.length === 0 ? [node] : t.target
    return targets.map((target) => `${indent}${idOf(node)} --> ${idOf(target)} : ${labelOf(event, t)}`)
  })
}

/**
 * A composite's inside: its initial state, its children, and their edges (declared in the
 * children's scope, where Mermaid looks their ids up). Parallel regions are split by `--`.
 */
const insideOf = (node: DrawnNode, indent: string): ReadonlyArray<string> => {
  const children = Object.values(node.states)
  if (node.type === "parallel") {
    // A region's own transitions (rare) are drawn in the last region's scope, after it.
    return [
      ...children.flatMap((region, i) => [...(i === 0 ? [] : [`${indent}--`]), ...stateOf(region, indent)]),
      ...children.flatMap((r) => edgesOf(r, indent))
    ]
  }
  const initial = node.initial.target.map((t) => `${indent}[*] --> ${idOf(t)}`)
  return [...initial, ...children.flatMap((child) => stateOf(child, indent)), ...children.flatMap((child) => edgesOf(child, indent))]
}

const stateOf = (node: DrawnNode, indent: string): ReadonlyArray<string> => {
  const head = `${indent}state "${node.key}" as ${idOf(node)}`
  if (Object.keys(node.states).length === 0) return [head]
  return [`${head} {`, ...insideOf(node, `${indent}  `), `${indent}}`]
}

/** The machine as Mermaid `stateDiagram-v2`, top to bottom. */
export const mermaidOf = (root: DrawnNode): string => ["stateDiagram-v2", ...insideOf(root, "  ")].join("\n")
