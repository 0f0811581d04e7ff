import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type { Page } from "playwright-core"

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

/** The part of axe's answer these checks read. */
interface AxeResult {
  readonly violations: ReadonlyArray<{
    readonly id: string
    readonly impact: string | null
    readonly help: string
    readonly nodes: ReadonlyArray<{ readonly target: ReadonlyArray<unknown>; readonly failureSummary?: string }>
  }>
}

/**
 * Lets every running CSS transition and animation end (a dialog fading in would be measured half
 * transparent). One cancelled meanwhile (its element re-rendered) rejects its promise: it is over too.
 */
export const settled = async (page: Page): Promise<void> => {
  await page.evaluate("Promise.allSettled(document.getAnimations().map((animation) => animation.finished)).then(() => undefined)")
}

/**
 * axe-core's serious and critical violations on the page as it is now, one line per element.
 * Also runs the experimental check that a control's name contains its visible text (WCAG 2.5.3).
 * axe is evaluated through the DevTools protocol, so it needs no inline script under the page's policy.
 */
export const seriousViolations = async (page: Page): Promise<ReadonlyArray<string>> => {
  await settled(page)
  if ((await page.evaluate("'axe' in window")) !== true) await page.evaluate(axeSource)
  // axe.run resolves to its results object; AxeResult names the fields read here.
  const result = (await page.evaluate(
    "axe.run(document, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })"
  )) as AxeResult
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}) ${violation.help}: ${node.target.join(" ")} — ${node.failureSummary ?? ""}`)
    )
}
