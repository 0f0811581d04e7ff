import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Call, Rut } from "@palma/core"
import { clientAs, demo, signIn } from "../../server/test/support/api.js"
import { startServer } from "../../server/test/support/startServer.js"
import { palma } from "./support/palma.js"
import { atTerminal, keys, literally } from "./support/terminal.js"

describe("palma case new at a terminal (the caseDraft flow asked step by step)", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let env: Record<string, string>
  let api: Call

  beforeAll(async () => {
    server = await startServer()
    env = { PALMA_CONFIG_DIR: await mkdtemp(join(tmpdir(), "palma-cli-case-prompts-")), PALMA_API_URL: server.url }
    expect((await palma(["login", "--email", demo.user, "--password", "palma-demo"], env)).code).toBe(0)
    api = clientAs(server.url, await signIn(server.url, demo.user))
  })
  afterAll(() => server?.stop())

  /** The values an assistance asks for, in the order the prompts ask them. */
  const valuesOf = (assistance: string) =>
    server.sql((sql) =>
      sql<{ name: string }>`SELECT v.name FROM assistance_value av JOIN value v ON v.id = av.value_id JOIN assistance a ON a.id = av.assistance_id
        WHERE a.name = ${assistance} AND v.is_active ORDER BY av.position`.pipe(Effect.map((rows) => rows.map((r) => r.name)))
    )

  it("asks again after a refused RUT, shows the coverage check and demands a reason, then opens the case", async () => {
    // As the --from test: a titular with one policy, an assistance with carencia, no case yet.
    const [who] = await server.sql((sql) =>
      sql<{ rut: string; assistance: string; start: string }>`SELECT i.rut, a.name AS assistance, to_char(l.start_date, 'YYYY-MM-DD') AS start
        FROM lead l JOIN lead_insured li ON li.lead_id = l.id JOIN insured i ON i.id = li.insured_id
          JOIN product_plan pp ON pp.id = l.product_plan_id JOIN product_assistance pa ON pa.product_id = pp.product_id JOIN assistance a ON a.id = pa.assistance_id
        WHERE current_date - 400 BETWEEN l.start_date AND l.end_date AND current_date <= l.end_date
          AND (SELECT count(*) FROM lead_insured x JOIN lead y ON y.id = x.lead_id WHERE x.insured_id = i.id AND current_date BETWEEN y.start_date AND y.end_date) = 1
          AND NOT EXISTS (SELECT 1 FROM assistance_case c WHERE c.insured_id = i.id) AND pa.lack > 0
        ORDER BY l.subscription_id DESC, pa.position LIMIT 1`.pipe(Effect.map((rows) => rows))
    )
    const rut = Rut.format(who!.rut)
    const body = rut.slice(0, -2).replace(/\./g, "")
    const wrongDigit = Rut.checkDigit(body) === "1" ? "2" : "1"

    // Without a reason for the exception, nothing is opened.
    const first = atTerminal(["case", "new"], env)
    await first.answer("RUT del solicitante", `${body}-${wrongDigit}${keys.enter}`)
    // Refused as typed, before the date is asked; the RUT stays there to be fixed.
    await first.waitFor(Rut.invalidMessage)
    expect(first.unread()).not.toContain("Fecha del evento")
    first.type(`${keys.clearLine}${rut}${keys.enter}`)
    await first.answer("Fecha del evento", `${who!.start}${keys.enter}`)
    await first.waitFor("Titular:")
    await first.answer("Servicio:", who!.assistance)
    await first.answer(new RegExp(`[❯>] ${literally(who!.assistance)} · usados \\d+ de \\d+ eventos`), keys.enter)
    await first.waitFor("Sin cobertura:")
    await first.waitFor("En carencia")
    await first.answer("Motivo de la excepción", keys.enter)
    const declined = await first.exited
    expect(declined.code, declined.stderr).toBe(1)
    expect(declined.stderr).toContain("Caso no abierto: sin cobertura y sin motivo de excepción.")
    expect(declined.stdout).toBe("")

    const values = await valuesOf(who!.assistance)
    const procedures = (await api((c) => c.procedure.list({ urlParams: {} }))).filter((p) => p.isActive)
    const nunoa = (await api((c) => c.district.listAll())).find((d) => d.district_name === "Ñuñoa")!

    const second = atTerminal(["case", "new"], env)
    await second.answer("RUT del solicitante", `${rut}${keys.enter}`)
    await second.answer("Fecha del evento", `${who!.start}${keys.enter}`)
    await second.answer("Servicio:", who!.assistance)
    await second.answer(new RegExp(`[❯>] ${literally(who!.assistance)} · `), keys.enter)
    await second.waitFor("En carencia")
    await second.answer("Motivo de la excepción", `Autoriza supervisión${keys.enter}`)
    for (const [i, name] of values.entries()) await second.answer(`Valor «${name}»`, `${i === 0 ? "Baño principal" : ""}${keys.enter}`)
    await second.answer("Comuna del evento", "ñuñoa")
    await second.answer("Ñuñoa (", keys.enter)
    await second.answer("Qué pasó", `Filtración en el baño${keys.enter}`)
    // The first choice is «Sin definir por ahora»: one down is the first procedure.
    await second.answer("Sin definir por ahora", keys.down)
    await second.answer(new RegExp(`[❯>] ${literally(procedures[0]!.name)}`), keys.enter)
    await second.waitFor("Revisión del caso")
    await second.waitFor(`Solicitante: ${rut} (titular)`)
    await second.waitFor("Excepción de cobertura: Autoriza supervisión")
    await second.waitFor("Evento:")
    await second.waitFor("Ñuñoa — Filtración en el baño")
    // Neither yes nor no is asked again; a Spanish «sí» is a yes.
    await second.answer("¿Abrir el caso?", `quizás${keys.enter}`)
    await second.answer("Responda s (sí) o n (no)", `sí${keys.enter}`)
    const opened = await second.exited
    expect(opened.code, opened.stderr).toBe(0)
    const [, number, stage] = /^Caso N° (\d+) abierto \((.+)\)\.\n$/.exec(opened.stdout) ?? []
    expect(number, opened.stdout).toBeDefined()

    const saved = await api((c) => c.case.getByNumber({ path: { number: Number(number) } }))
    expect(saved.stage.name).toBe(stage)
    expect(saved.assistance?.name).toBe(who!.assistance)
    expect(saved.insured?.rut).toBe(rut)
    expect(saved.event).toMatchObject({ date: who!.start, location: "Ñuñoa", district_id: nunoa.id, description: "Filtración en el baño" })
    expect(saved.coverageException).toBe("Autoriza supervisión")
    expect(saved.procedure_id).toBe(procedures[0]!.id)
    if (values.length > 0) expect(saved.values.find((v) => v.name === values[0])?.value).toBe("Baño principal")
  })

  it("registers a person nobody covers on the plan chosen as «Canal · Producto»", async () => {
    const [plan] = await server.sql((sql) =>
      sql<{ plan: string; assistance: string }>`SELECT r.name || ' · ' || p.name AS plan, a.name AS assistance
        FROM product_plan pp JOIN retail r ON r.id = pp.retail_id JOIN product p ON p.id = pp.product_id
          JOIN product_assistance pa ON pa.product_id = p.id JOIN assistance a ON a.id = pa.assistance_id
        WHERE pp.is_active AND r.is_active AND p.is_active ORDER BY r.name, p.name, pa.position LIMIT 1`.pipe(Effect.map((rows) => rows))
    )
    const rut = Rut.format(`30123460-${Rut.checkDigit("30123460")}`)
    const run = atTerminal(["case", "new", "--json"], env)
    await run.answer("RUT del solicitante", `${rut}${keys.enter}`)
    await run.answer("Fecha del evento", keys.enter)
    await run.waitFor(`Nadie con el RUT ${rut} tiene una póliza vigente`)
    await run.answer("Registrar a la persona", keys.enter)
    await run.answer("Nombre:", `Tomás${keys.enter}`)
    await run.answer("Apellido paterno:", `Ibáñez${keys.enter}`)
    await run.answer("Apellido materno (opcional)", keys.enter)
    await run.answer("Correo (opcional)", keys.enter)
    await run.answer("Teléfono (opcional)", `+56 9 1234 5678${keys.enter}`)
    // The list narrows as the name is typed: Enter once it shows the plan first.
    await run.answer("Plan que toma", plan!.plan)
    await run.answer(new RegExp(`[❯>] ${literally(plan!.plan)}`), keys.enter)
    await run.answer("Servicio:", plan!.assistance)
    await run.answer(new RegExp(`[❯>] ${literally(plan!.assistance)} · `), keys.enter)
    if ((await run.waitFor(/Sin cobertura:|Con cobertura/)) === "Sin cobertura:") await run.answer("Motivo de la excepción", `Cliente nuevo${keys.enter}`)
    for (const name of await valuesOf(plan!.assistance)) await run.answer(`Valor «${name}»`, keys.enter)
    await run.answer("Comuna del evento", "providencia")
    await run.answer("Providencia (", keys.enter)
    await run.answer("Qué pasó", `Corte de luz${keys.enter}`)
    await run.answer("Sin definir por ahora", keys.enter)
    await run.waitFor("(nuevo, sin póliza)")
    await run.waitFor(`Producto: ${plan!.plan}`)
    await run.answer("¿Abrir el caso?", `y${keys.enter}`)
    const opened = await run.exited
    expect(opened.code, opened.stderr).toBe(0)
    expect(JSON.parse(opened.stdout)).toMatchObject({
      type: "C",
      insured: { name: "Tomás", paternalLastName: "Ibáñez" },
      assistance: { name: plan!.assistance },
      event: { location: "Providencia", description: "Corte de luz" },
      procedure_id: null
    })
  })

  it("Ctrl+C at a question cancels (exit 130); without a terminal or --from it is a usage error", async () => {
    const run = atTerminal(["case", "new"], env)
    await run.answer("RUT del solicitante", keys.ctrlC)
    const cancelled = await run.exited
    expect(cancelled.code).toBe(130)
    expect(cancelled.stderr).toContain("Operación cancelada.")

    const scripted = await palma(["case", "new"], env)
    expect(scripted.code).toBe(2)
    expect(scripted.stderr).toBe("Indique el caso con --from caso.json, o ejecútelo en una terminal para responder las preguntas.\n")
  })
})
