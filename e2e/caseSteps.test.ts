import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { palma } from "../packages/cli/test/support/palma.js"
import { demo, signIn as apiSignIn } from "../packages/server/test/support/api.js"
import { type Fixture, caseFixture, newCase, servedComuna, today } from "../packages/server/test/support/caseFixture.js"
import { type InProcessServer, startServer } from "../packages/server/test/support/startServer.js"
import { send } from "../packages/server/test/security/http.js"
import { type Browser, launch } from "./browser.js"
import { signIn } from "./session.js"

/**
 * Issue 32: for one case and one role, the steps the case page offers in Chromium are the steps
 * `palma case <n> steps` lists, with the same refusals, at every stage of a case the CLI moves
 * through each step of the lifecycle (the web takes each of them in caseStepsWeb).
 */

type Role = "user" | "moderator"
const roles: ReadonlyArray<Role> = ["user", "moderator"]
interface CliStep {
  readonly step: string
  readonly refusal: string | null
}
interface PageStep {
  readonly name: string
  readonly disabled: boolean
  readonly description: string | null
}

let server: InProcessServer
let browser: Browser
let f: Fixture
const pages = {} as Record<Role, Page>
const cli = {} as Record<Role, Record<string, string>>

beforeAll(async () => {
  server = await startServer()
  ;[f, browser] = await Promise.all([caseFixture(server), launch()])
  await Promise.all(
    roles.map(async (role) => {
      pages[role] = await signIn(browser, server.url, demo[role])
      cli[role] = { PALMA_CONFIG_DIR: await mkdtemp(join(tmpdir(), `palma-e2e-steps-${role}-`)), PALMA_API_URL: server.url }
      expect((await palma(["login", "--email", demo[role], "--password", "palma-demo"], cli[role])).code).toBe(0)
    })
  )
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** A new case on the fixture's subscription, its event in `location`, by its number. */
const opened = async (location?: string): Promise<number> => {
  const body = newCase(f)
  const answer = await send(server.url, "POST", "/api/case/upsert", {
    token: await apiSignIn(server.url, demo.user),
    body: JSON.stringify(location === undefined ? body : { ...body, event: { ...body.event, location } })
  })
  expect(answer.status).toBe(200)
  return (answer.json as { case_number: number }).case_number
}

const take = async (role: Role, number: number, ...args: ReadonlyArray<string>) => {
  const run = await palma(["case", String(number), ...args], cli[role])
  expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(0)
}

const cliSteps = async (role: Role, number: number): Promise<ReadonlyArray<CliStep>> => {
  const run = await palma(["case", String(number), "steps", "--json"], cli[role])
  expect(run.code, run.stderr).toBe(0)
  return JSON.parse(run.stdout) as ReadonlyArray<CliStep>
}

/** A case's id by its number, as `palma case show` answers it: read once per case, since it never changes. */
const ids = new Map<number, Promise<string>>()
const idOf = (role: Role, number: number): Promise<string> => {
  const known = ids.get(number)
  if (known !== undefined) return known
  const id = palma(["case", "show", String(number), "--json"], cli[role]).then((shown) => {
    expect(shown.code, shown.stderr).toBe(0)
    return (JSON.parse(shown.stdout) as { case_id: string }).case_id
  })
  ids.set(number, id)
  return id
}

/** The case page's step buttons, as a person meets them: name, whether it can be pressed, and what it says why not. */
const pageSteps = async (role: Role, number: number): Promise<ReadonlyArray<PageStep>> => {
  const page = pages[role]
  const id = await idOf(role, number)
  await page.goto(`${server.url}/assistance/case/${id}`)
  await page.getByRole("heading", { level: 1, name: `Caso N° ${number}` }).waitFor()
  const actions = page.getByRole("region", { name: "Acciones" })
  await actions.getByRole("button").first().waitFor()
  await page.waitForLoadState("networkidle")
  return actions.getByRole("button").evaluateAll((buttons) =>
    buttons.map((b) => {
      const described = b.getAttribute("aria-describedby")
      return {
        name: b.textContent ?? "",
        disabled: (b as HTMLButtonElement).disabled,
        description: described === null ? null : (document.getElementById(described)?.textContent ?? "")
      }
    })
  )
}

/**
 * For both roles: the page offers as many steps as the CLI lists, in its order, refused where the
 * CLI says and for the same reason. Each role has its own page and CLI session, so both are read
 * at once: most of a read is waiting for the page to load and settle.
 */
const expectSameSteps = (number: number) =>
  Promise.all(
    roles.map(async (role) => {
      const [listed, shown] = await Promise.all([cliSteps(role, number), pageSteps(role, number)])
      expect(
        shown.map(({ disabled, description }) => ({ refused: disabled, reason: description })),
        `${role}: ${shown.map((s) => s.name).join(", ")}`
      ).toEqual(listed.map(({ refusal }) => ({ refused: refusal !== null, reason: refusal })))
      expect(new Set(shown.map((s) => s.name)).size).toBe(shown.length)
    })
  )

describe("the case page and palma case <n> steps", () => {
  it("list the same steps, with the same refusals, for an operator and a moderator, as the CLI takes each step", { timeout: 240_000 }, async () => {
    const visit = await opened(await servedComuna(server, f))
    const walk: ReadonlyArray<readonly [Role, ReadonlyArray<string>]> = [
      ["user", ["choose-procedure", "--procedure", "specialist"]],
      ["user", ["assign", "--pick", "1", "--date", today, "--time", "10:30"]],
      ["user", ["cancel"]],
      ["user", ["assign", "--pick", "1", "--date", today, "--time", "11:00"]],
      ["user", ["schedule", "--date", today, "--time", "16:00"]],
      ["user", ["confirm"]],
      ["user", ["complete"]],
      ["user", ["qualify", "--qualification", f.qualification]],
      ["user", ["close", "--description", "Resuelto"]],
      ["moderator", ["reopen", "--description", "Volvió a fallar"]]
    ]
    await expectSameSteps(visit)
    for (const [role, args] of walk) {
      await take(role, visit, ...args)
      await expectSameSteps(visit)
    }

    const refund = await opened()
    for (const [role, args] of [
      ["user", ["choose-procedure", "--procedure", "refund"]],
      ["user", ["request-refund", "--amount", "30000"]],
      ["moderator", ["reject-refund"]]
    ] as const) {
      await take(role, refund, ...args)
      await expectSameSteps(refund)
    }
  })
})
