import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type CaseView, candidatesMissing, caseStepsOf } from "@palma/core"
import { demo, signIn } from "../../server/test/support/api.js"
import { type Fixture, caseFixture, newCase, servedComuna, today } from "../../server/test/support/caseFixture.js"
import { startServer } from "../../server/test/support/startServer.js"
import { send } from "../../server/test/security/http.js"
import { palma } from "./support/palma.js"

interface Step {
  readonly step: string
  readonly refusal: string | null
  readonly command: string
}

describe("palma case <numero> <paso>: a case's lifecycle from the terminal, through the case page's machine", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let f: Fixture
  // The operator's and the moderator's sessions, each in its own config dir.
  const as: Record<"user" | "moderator", Record<string, string>> = { user: {}, moderator: {} }

  beforeAll(async () => {
    server = await startServer()
    f = await caseFixture(server)
    for (const role of ["user", "moderator"] as const) {
      as[role] = { PALMA_CONFIG_DIR: await mkdtemp(join(tmpdir(), `palma-cli-steps-${role}-`)), PALMA_API_URL: server.url }
      expect((await palma(["login", "--email", demo[role], "--password", "palma-demo"], as[role])).code).toBe(0)
    }
  })
  afterAll(() => server?.stop())

  /** A new case opened on the fixture's subscription (as the original client does), by its number; its event where `location` says. */
  const opened = async (location?: string): Promise<number> => {
    const body = newCase(f)
    const answer = await send(server.url, "POST", "/api/case/upsert", {
      token: await signIn(server.url, demo.user),
      body: JSON.stringify(location === undefined ? body : { ...body, event: { ...body.event, location } })
    })
    expect(answer.status).toBe(200)
    return (answer.json as { case_number: number }).case_number
  }

  const show = async (number: number): Promise<CaseView> => {
    const run = await palma(["case", "show", String(number), "--json"], as.user)
    expect(run.code, run.stderr).toBe(0)
    return JSON.parse(run.stdout) as CaseView
  }

  /** A step that must be taken: the case as it was left. */
  const take = async (role: "user" | "moderator", number: number, ...args: ReadonlyArray<string>): Promise<CaseView> => {
    const run = await palma(["case", String(number), ...args, "--json"], as[role])
    expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(0)
    return JSON.parse(run.stdout) as CaseView
  }

  const steps = async (role: "user" | "moderator", number: number): Promise<ReadonlyArray<Step>> => {
    const run = await palma(["case", String(number), "steps", "--json"], as[role])
    expect(run.code, run.stderr).toBe(0)
    return JSON.parse(run.stdout) as ReadonlyArray<Step>
  }

  it("goes from opened to closed: procedure, a specialist from the candidates, visit, confirmed, completed, qualified, closed; reopened by a moderator only", async () => {
    const number = await opened(await servedComuna(server, f))
    expect((await steps("user", number)).map((s) => s.command)).toContain("choose-procedure")

    expect((await take("user", number, "choose-procedure", "--procedure", "specialist")).procedure_code).toBe("specialist")
    const candidates = await palma(["case", String(number), "candidates", "--json"], as.user)
    expect(candidates.code, candidates.stderr).toBe(0)
    const ranked = JSON.parse(candidates.stdout) as ReadonlyArray<{ id: string; name: string; rut: string }>
    expect(ranked.length).toBeGreaterThan(0)
    const sent = await take("user", number, "assign", "--pick", "1", "--date", today, "--time", "10:30")
    expect(sent.specialist).toMatchObject({ specialist_id: ranked[0]!.id, scheduled_date: today, scheduled_time: "10:30", confirmed: false })

    const moved = await take("user", number, "schedule", "--date", today, "--time", "16:00")
    expect(moved.specialist?.scheduled_time).toBe("16:00")
    expect((await take("user", number, "confirm")).specialist?.confirmed).toBe(true)
    expect((await take("user", number, "complete")).specialist?.completed).toBe(true)
    const rated = await take("user", number, "qualify", "--qualification", f.qualification, "--comment", "Llegó a la hora")
    expect(rated.specialist).toMatchObject({ qualification_id: f.qualification, comment: "Llegó a la hora" })

    const closed = await take("user", number, "close", "--description", "Filtración reparada")
    expect(closed.status).toMatchObject({ isClosed: true, description: "Filtración reparada" })

    // An operator may not reopen: the lifecycle's reason, exit 6, and the case stays closed.
    const refusal = (await steps("user", number)).find((s) => s.step === "reopen")?.refusal
    expect(refusal).toEqual(expect.any(String))
    const refused = await palma(["case", String(number), "reopen", "--description", "Volvió a filtrar"], as.user)
    expect(refused.code).toBe(6)
    expect(refused.stderr.trim()).toBe(refusal)
    expect((await show(number)).status.isClosed).toBe(true)

    const reopened = await take("moderator", number, "reopen", "--description", "Volvió a filtrar")
    expect(reopened.status.isClosed).toBe(false)
    expect(reopened.history.length).toBeGreaterThan(closed.history.length)
  })

  it("takes a refund: requested by an operator, approved and paid with less by a moderator", async () => {
    const number = await opened()
    await take("user", number, "choose-procedure", "--procedure", "refund")
    const asked = await take("user", number, "request-refund", "--amount", "45.000", "--comment", "Boleta del gasfíter")
    expect(asked.refund).toMatchObject({ status: "Pendiente", amount: { required: 45000, refunded: null }, comment: "Boleta del gasfíter" })

    const notYours = await palma(["case", String(number), "approve-refund"], as.user)
    expect(notYours.code).toBe(6)
    expect(notYours.stderr.trim()).toBe((await steps("user", number)).find((s) => s.step === "approveRefund")?.refusal)

    expect((await take("moderator", number, "approve-refund")).refund?.status).toBe("Aprobado")
    const paid = await take("moderator", number, "pay-refund", "--amount", "40000")
    expect(paid.refund).toMatchObject({ status: "Reembolsado", amount: { required: 45000, refunded: 40000 } })
  })

  it("says why nobody can be sent as the web does (core's candidatesMissing), and sends nothing", async () => {
    const number = await opened("")
    await take("user", number, "choose-procedure", "--procedure", "specialist")
    const run = await palma(["case", String(number), "assign", "--pick", "1"], as.user)
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe(candidatesMissing("specialist", f.assistance, null))
    expect((await show(number)).specialist).toBeNull()
  })

  it("lists the steps as caseStepsOf gives them for the case and the role, and as a table", async () => {
    const number = await opened()
    await take("user", number, "choose-procedure", "--procedure", "refund")
    await take("user", number, "request-refund", "--amount", "12000")
    const view = await show(number)
    for (const role of ["user", "moderator"] as const) {
      expect((await steps(role, number)).map(({ step, refusal }) => ({ step, refusal }))).toEqual(caseStepsOf(view, role))
    }
    const table = await palma(["case", String(number), "steps"], as.user)
    expect(table.code, table.stderr).toBe(0)
    const approve = caseStepsOf(view, "user").find((s) => s.step === "approveRefund")!
    expect(table.stdout).toContain(`approve-refund  no: ${approve.refusal}`)
    expect(table.stdout).toMatch(/close\s+sí/)
  })

  it("a case that changed since the version the caller read is exit 7, and nothing is written", async () => {
    const number = await opened()
    const read = await take("user", number, "choose-procedure", "--procedure", "refund")
    const stale = await palma(["case", String(number), "request-refund", "--amount", "1000", "--if-version", String(read.version - 1)], as.user)
    expect(stale.code, stale.stderr).toBe(7)
    expect(stale.stderr).toContain(`palma case show ${number}`)
    expect((await show(number)).refund).toBeNull()
    expect((await take("user", number, "request-refund", "--amount", "1000", "--if-version", String(read.version))).refund?.status).toBe("Pendiente")
  })

  it("says what is wrong with a step's flags (2) and without a session (3)", async () => {
    const number = await opened()
    const noAmount = await palma(["case", String(number), "request-refund"], as.user)
    expect(noAmount.code).toBe(2)
    const badAmount = await palma(["case", String(number), "request-refund", "--amount", "12,5"], as.user)
    expect(badAmount.code).toBe(2)
    expect(badAmount.stderr).toContain("Monto inválido")
    const unknown = await palma(["case", String(number), "fly"], as.user)
    expect(unknown.code).toBe(2)
    const nobody = await palma(["case", String(number), "steps"], {
      PALMA_CONFIG_DIR: await mkdtemp(join(tmpdir(), "palma-cli-steps-none-")),
      PALMA_API_URL: server.url
    })
    expect(nobody.code).toBe(3)
  })
})
