import { mkdtemp, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Rut } from "@palma/core"
import { demo } from "../../server/test/support/api.js"
import { startServer } from "../../server/test/support/startServer.js"
import { palma } from "./support/palma.js"

interface ListAnswer {
  summary: { cases: number }
  pagination: { total: number; page: number; records: number }
  data: Array<{ id: string; number: number; customer_id: string; customer_name: string; code: string; stage_name: string }>
}

describe("palma cases list and palma case show (the seeded demo cases)", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let env: Record<string, string>

  beforeAll(async () => {
    server = await startServer()
    env = { PALMA_CONFIG_DIR: await mkdtemp(join(tmpdir(), "palma-cli-cases-")), PALMA_API_URL: server.url }
    expect((await palma(["login", "--email", demo.user, "--password", "palma-demo"], env)).code).toBe(0)
  })
  afterAll(() => server?.stop())

  const list = async (args: ReadonlyArray<string>) => {
    const run = await palma(["cases", "list", ...args, "--json"], env)
    expect(run.code, run.stderr).toBe(0)
    return JSON.parse(run.stdout) as ListAnswer
  }

  it("pages newest first and filters by stage code and channel name, as the case screen does", async () => {
    const first = await list([])
    expect(first.summary.cases).toBeGreaterThan(1000)
    expect(first.pagination).toEqual({ total: Math.ceil(first.summary.cases / 20), page: 1, records: 20 })
    const numbers = first.data.map((c) => c.number)
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a))

    const closed = await list(["--stage", "close", "--records", "50"])
    expect(closed.data.every((c) => c.code === "close")).toBe(true)
    const channel = first.data[0]!.customer_name
    const byChannel = await list(["--retail", channel.toUpperCase(), "--records", "50"])
    expect(byChannel.data.every((c) => c.customer_name === channel)).toBe(true)
    expect(byChannel.summary.cases).toBeLessThan(first.summary.cases)

    const table = await palma(["cases", "list", "--records", "3"], env)
    expect(table.code, table.stderr).toBe(0)
    expect(table.stdout.split("\n")[0]).toMatch(/^\s*N°\s+Apertura\s+Canal\s+Titular\s+RUT\s+Servicio\s+Etapa/)
    expect(table.stdout).toContain(`Página 1 de ${Math.ceil(first.summary.cases / 3)} · ${first.summary.cases} casos`)
  })

  it("filters as the screen's views do: open or closed, the refund's status, only the user's own", async () => {
    const [me] = await server.sql((sql) => sql<{ id: string }>`SELECT id FROM app_user WHERE lower(email) = ${demo.user}`)
    const [counts] = await server.sql(
      (sql) => sql<{ open: number; pending: number; mine: number }>`SELECT count(*) FILTER (WHERE NOT is_closed)::int AS open,
        count(*) FILTER (WHERE refund_status = 'Pendiente')::int AS pending,
        count(*) FILTER (WHERE NOT is_closed AND created_by = ${me!.id})::int AS mine FROM assistance_case`
    )
    expect((await list(["--status", "open", "--records", "1"])).summary.cases).toBe(counts!.open)
    expect((await list(["--refund", "Pendiente", "--records", "1"])).summary.cases).toBe(counts!.pending)
    expect((await list(["--status", "open", "--mine", "--records", "1"])).summary.cases).toBe(counts!.mine)
    const wrong = await palma(["cases", "list", "--refund", "Pagado"], env)
    expect(wrong.code).not.toBe(0)
    expect(wrong.stderr).toContain("Pendiente")
  })

  it("shows a case by its number with its history; a wrong filter or number says what is wrong", async () => {
    const { data } = await list(["--stage", "close", "--records", "1"])
    const number = data[0]!.number
    const shown = await palma(["case", "show", String(number)], env)
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toContain(`Caso N° ${number} — Caso cerrado (cerrado)`)
    expect(shown.stdout).toContain("Historial (más reciente primero):")
    expect(shown.stdout).toContain("Caso abierto")
    const asJson = JSON.parse((await palma(["case", "show", String(number), "--json"], env)).stdout) as { case_number: number; history: unknown[] }
    expect(asJson.case_number).toBe(number)
    expect(asJson.history.length).toBeGreaterThan(2)

    const missing = await palma(["case", "show", "99999999"], env)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain("No se encontró el caso")
    const badStage = await palma(["cases", "list", "--stage", "volando"], env)
    expect(badStage.code).toBe(2)
    expect(badStage.stderr).toContain("Etapa desconocida «volando»")
    expect((await palma(["case", "show", "doce"], env)).code).toBe(2)
  })

  it("case new --from opens a case through the same flow and coverage check as the screen", async () => {
    const [who] = await server.sql((sql) =>
      sql<{
        rut: string
        assistance: string
        lack: number
        start: string
      }>`SELECT i.rut, a.name AS assistance, pa.lack, to_char(l.start_date, 'YYYY-MM-DD') AS start
        FROM lead l JOIN lead_insured li ON li.lead_id = l.id JOIN insured i ON i.id = li.insured_id
          JOIN product_plan pp ON pp.id = l.product_plan_id JOIN product_assistance pa ON pa.product_id = pp.product_id JOIN assistance a ON a.id = pa.assistance_id
        WHERE current_date - 400 BETWEEN l.start_date AND l.end_date AND current_date <= l.end_date
          AND (SELECT count(*) FROM lead_insured x JOIN lead y ON y.id = x.lead_id WHERE x.insured_id = i.id AND current_date BETWEEN y.start_date AND y.end_date) = 1
          AND NOT EXISTS (SELECT 1 FROM assistance_case c WHERE c.insured_id = i.id) AND pa.lack > 0
        ORDER BY l.subscription_id, pa.position LIMIT 1`.pipe(Effect.map((rows) => rows))
    )
    const dir = env.PALMA_CONFIG_DIR!
    const file = join(dir, "caso.json")
    await writeFile(
      file,
      JSON.stringify({
        rut: Rut.format(who!.rut),
        assistance: who!.assistance.toUpperCase(),
        event: { location: "Ñuñoa", description: "Filtración en el baño" },
        procedure: "specialist"
      })
    )
    const opened = await palma(["case", "new", "--from", file, "--json"], env)
    expect(opened.code, opened.stderr).toBe(0)
    const saved = JSON.parse(opened.stdout) as {
      case_number: number
      assistance: { name: string }
      event: { location: string }
      history: Array<{ type: string }>
    }
    expect(saved.assistance.name).toBe(who!.assistance)
    expect(saved.event.location).toBe("Ñuñoa")
    expect(saved.history.map((h) => h.type)).toContain("procedureSet")
    const shown = await palma(["case", "show", String(saved.case_number)], env)
    expect(shown.stdout).toContain("Filtración en el baño")

    // Before the carencia is over the coverage check stops it, unless the file says why to go ahead.
    const early = join(dir, "temprano.json")
    await writeFile(early, JSON.stringify({ rut: who!.rut, date: who!.start, assistance: who!.assistance, event: { description: "Muy pronto" } }))
    const stopped = await palma(["case", "new", "--from", early], env)
    expect(stopped.code).toBe(1)
    expect(stopped.stderr).toContain("En carencia")
    await writeFile(
      early,
      JSON.stringify({
        rut: who!.rut,
        date: who!.start,
        assistance: who!.assistance,
        event: { location: "13120", description: "Muy pronto" },
        coverageException: "Autoriza supervisión"
      })
    )
    const allowed = await palma(["case", "new", "--from", early], env)
    expect(allowed.code, allowed.stderr).toBe(0)
    expect(allowed.stdout).toMatch(/^Caso N° \d+ abierto/)
    expect((await palma(["case", "new"], env)).code).toBe(2)
    await writeFile(early, "{ no es json")
    expect((await palma(["case", "new", "--from", early], env)).code).toBe(2)
  })

  it("case new --from registers a person nobody covers (newcomer) and opens a type-C case on the plan they take", async () => {
    const [plan] = await server.sql((sql) =>
      sql<{ plan: string; assistance: string }>`SELECT r.name || ' · ' || p.name AS plan, a.name AS assistance
        FROM product_plan pp JOIN retail r ON r.id = pp.retail_id JOIN product p ON p.id = pp.product_id
          JOIN product_assistance pa ON pa.product_id = p.id JOIN assistance a ON a.id = pa.assistance_id
        WHERE pp.is_active AND r.is_active AND p.is_active ORDER BY r.name, p.name, pa.position LIMIT 1`.pipe(Effect.map((rows) => rows))
    )
    const rut = `30123459-${Rut.checkDigit("30123459")}`
    const file = join(env.PALMA_CONFIG_DIR!, "nuevo.json")
    const base = { rut, assistance: plan!.assistance, event: { location: "Providencia", description: "Corte de luz" }, coverageException: "Cliente nuevo" }
    await writeFile(file, JSON.stringify(base))
    const unknown = await palma(["case", "new", "--from", file], env)
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain("regístrelo en newcomer")

    await writeFile(file, JSON.stringify({ ...base, newcomer: { name: "Tomás", paternalLastName: "Ibáñez", plan: plan!.plan.toUpperCase() } }))
    const opened = await palma(["case", "new", "--from", file, "--json"], env)
    expect(opened.code, opened.stderr).toBe(0)
    expect(JSON.parse(opened.stdout)).toMatchObject({
      type: "C",
      insured: { name: "Tomás", paternalLastName: "Ibáñez" },
      assistance: { name: plan!.assistance }
    })
  })
})
