import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Schema } from "effect"
import { CaseView, Rut, caseFactsOfView, lifecycleOf, refusalOf } from "@palma/core"
import { send } from "../security/http.js"
import { demoTokens } from "../support/api.js"
import { type Fixture, caseFixture, newCase as newCaseOf, today } from "../support/caseFixture.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * The case calls as the original client makes them (reference §1): it posts its whole case
 * state to `upsert` and keeps the answer as its new state. Every difference becomes an event;
 * the history is those events, newest first. The fixture is a demo subscription in force today.
 */

let server: InProcessServer
let tokens: Awaited<ReturnType<typeof demoTokens>>

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- wire answers are read field by field
let f: Fixture

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
  f = await caseFixture(server)
})
afterAll(() => server?.stop())

const call = async (method: string, path: string, body?: unknown, token = tokens.user, headers: Record<string, string> = {}) => {
  const response = await send(server.url, method, path, { token, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  return { status: response.status, json: response.json as Json, etag: response.headers.get("etag") }
}
const upsert = (body: unknown, token?: string, headers?: Record<string, string>) => call("POST", "/api/case/upsert", body, token, headers)

const newCase = (exception?: string | null) => newCaseOf(f, exception)

describe("POST /case/upsert (caseStore.upsert) and GET /case/getById", () => {
  let opened: Json

  it("opens a case from the client's whole state: a number from the sequence, the subscription found, the history in the token's name", async () => {
    const { status, json, etag } = await upsert(newCase(null))
    expect(status, JSON.stringify(json)).toBe(200)
    opened = json
    expect(json.case_number).toBeGreaterThanOrEqual(1001)
    expect(json.lead_id).toBe(f.lead)
    expect(json.type).toBe("I")
    expect(json.user_id).toBe("")
    expect(json.insured.id).toBe(f.insured)
    expect(json.insured.rut).toMatch(/^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/)
    expect(json.retail.id).toBe(f.retail)
    expect(json.product).toMatchObject({ id: f.product })
    expect(json.assistance).toMatchObject({ id: f.assistance, used: { events: 1 } })
    expect(json.assistance.assigned).toHaveProperty("lack")
    expect(json.event).toMatchObject({ date: today, location: "Ñuñoa", description: "Filtración bajo el lavaplatos", district_id: "13120" })
    expect(json.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
    expect(json.time).toMatch(/^\d{2}:\d{2}$/)
    expect(json.stage.code).toBe("event")
    expect(json.status).toEqual({ isClosed: false, description: "" })
    expect(json.values).toEqual([])
    expect(json.files).toEqual([])
    expect(etag).toBe(`"${json.version}"`)
    const history = json.history as Array<Json>
    expect(history.map((h) => h.type)).toEqual(["eventSet", "serviceSet", "partiesSet", "opened"])
    expect(history.at(-1)).toMatchObject({ code: "applicant", name: "Caso abierto" })
    expect(new Set(history.map((h) => h.user)).size).toBe(1)
    expect(history[0]!.user).not.toBe("user_someone_else")

    const read = await call("GET", `/api/case/getById/${json.case_id}`)
    expect(read.status).toBe(200)
    expect(read.json).toEqual(json)
    expect(read.etag).toBe(etag)
    const byNumber = await call("GET", `/api/case/getByNumber/${json.case_number}`)
    expect(byNumber.json).toEqual(json)
    expect((await call("GET", "/api/case/getByNumber/999999999")).status).toBe(404)
  })

  it("posting the answer back as it is adds no event", async () => {
    const { status, json } = await upsert(opened)
    expect(status).toBe(200)
    expect(json.version).toBe(opened.version)
    expect(json.history).toEqual(opened.history)
  })

  it("an event placed by the comuna's code (as Palma's web sends it) reads as its name, and posting that back adds no event", async () => {
    const byCode = await upsert({ ...newCase(null), event: { date: today, location: "13120", description: "Filtración" } })
    expect(byCode.status, JSON.stringify(byCode.json)).toBe(200)
    expect(byCode.json.event).toMatchObject({ location: "Ñuñoa", district_id: "13120" })
    const again = await upsert(byCode.json)
    expect(again.json.version).toBe(byCode.json.version)
    expect(again.json.history).toEqual(byCode.json.history)
    const stored = await server.sql(
      (sql) => sql`SELECT payload->'event'->>'location' AS location FROM case_event WHERE case_id = ${byCode.json.case_id} AND type = 'eventSet'`
    )
    expect(stored).toEqual([{ location: "Ñuñoa" }])
  })

  it("sends a specialist, schedules, cancels: one event each, the stage follows", async () => {
    const assign = await upsert({
      ...opened,
      procedure_id: f.procedures.specialist,
      specialist: {
        specialist_id: f.specialist,
        specialty_id: null,
        district_id: "13120",
        scheduled_date: today,
        scheduled_time: "10:30:00",
        confirmed: false,
        completed: false,
        cancel: false,
        qualification_id: "",
        comment: ""
      }
    })
    expect(assign.status, JSON.stringify(assign.json)).toBe(200)
    expect(assign.json.stage.code).toBe("specialist")
    expect(assign.json.specialist).toMatchObject({ specialist_id: f.specialist, district_name: "Ñuñoa", scheduled_time: "10:30", confirmed: false })
    expect(assign.json.specialist.specialist_name).not.toBe("")
    expect((assign.json.history as Array<Json>).slice(0, 2).map((h) => h.type)).toEqual(["assigned", "procedureSet"])

    const steps = await upsert({ ...assign.json, specialist: { ...assign.json.specialist, confirmed: true, cancel: true } })
    expect(steps.status).toBe(200)
    expect(steps.json.stage.code).toBe("anulled_specialist")
    expect((steps.json.history as Array<Json>).slice(0, 2).map((h) => [h.type, h.code])).toEqual([
      ["cancelled", "anulled_specialist"],
      ["confirmed", "specialist"]
    ])
    opened = steps.json
  })

  it("answers a case byte for byte as the contract encodes it, the history kept between reads included", async () => {
    for (const path of [`/api/case/getById/${opened.case_id}`, `/api/case/getByNumber/${opened.case_number}`]) {
      const text = await (await fetch(server.url + path, { headers: { authorization: `Bearer ${tokens.user}` } })).text()
      expect(text).toBe(JSON.stringify(Schema.encodeSync(CaseView)(Schema.decodeUnknownSync(CaseView)(JSON.parse(text)))))
    }
  })

  it("a stale If-Match is a 412 and nothing is written; of two writers on one version, one wins", async () => {
    const version = opened.version as number
    const stale = await upsert({ ...opened, event: { ...opened.event, description: "Otra" } }, tokens.user, { "if-match": `"${version - 1}"` })
    expect(stale.status).toBe(412)
    expect(stale.json.message).toMatch(/cambi|otra persona|actualic/i)
    expect((await call("GET", `/api/case/getById/${opened.case_id}`)).json.version).toBe(version)

    const [a, b] = await Promise.all([
      upsert({ ...opened, event: { ...opened.event, description: "Versión A" } }, tokens.user, { "if-match": `"${version}"` }),
      upsert({ ...opened, event: { ...opened.event, description: "Versión B" } }, tokens.moderator, { "if-match": `"${version}"` })
    ])
    expect([a.status, b.status].sort()).toEqual([200, 412])
    const after = (await call("GET", `/api/case/getById/${opened.case_id}`)).json
    expect(after.version).toBe(version + 1)
    expect(["Versión A", "Versión B"]).toContain(after.event.description)
    opened = after
  })

  it("writers that name no version all land, one after the other: none lost, none written twice", async () => {
    const version = opened.version as number
    const writes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        upsert({ ...opened, event: { ...opened.event, description: `Escritura ${i}` } }, i % 2 === 0 ? tokens.user : tokens.moderator)
      )
    )
    expect(writes.map((w) => w.status)).toEqual(Array(8).fill(200))
    const after = (await call("GET", `/api/case/getById/${opened.case_id}`)).json
    // Each write was decided on the case as the one before left it: eight description changes.
    expect(after.version).toBe(version + 8)
    expect(writes.map((w) => w.json.event.description)).toContain(after.event.description)
    opened = after
  })

  it("a refund is asked by an operator and moved only by a moderator, along Pendiente → Aprobado → Reembolsado", async () => {
    const asked = await upsert({
      ...opened,
      procedure_id: f.procedures.refund,
      refund: { amount: { required: "45000", refunded: null }, imed: { required: null, refunded: null }, status: "Pendiente", comment: "" }
    })
    expect(asked.status, JSON.stringify(asked.json)).toBe(200)
    expect(asked.json.refund).toMatchObject({ amount: { required: 45000 }, status: "Pendiente" })
    expect(asked.json.stage.code).toBe("refund")

    const byOperator = await upsert({ ...asked.json, refund: { ...asked.json.refund, status: "Aprobado" } })
    expect(byOperator.status).toBe(409)
    expect(byOperator.json.message).toMatch(/moderador/)

    const skip = await upsert({ ...asked.json, refund: { ...asked.json.refund, status: "Reembolsado" } }, tokens.moderator)
    expect(skip.status).toBe(409)

    const approved = await upsert({ ...asked.json, refund: { ...asked.json.refund, status: "Aprobado" } }, tokens.moderator)
    expect(approved.status).toBe(200)
    expect(approved.json.history[0]).toMatchObject({ type: "refundStatusChanged", name: "Reembolso: Pendiente → Aprobado", code: "refund" })

    const huge = await upsert({ ...asked.json, refund: { ...asked.json.refund, amount: { required: 1e11, refunded: null } } })
    expect(huge.status).toBe(400)
    expect(huge.json.message).toContain("El monto es demasiado grande")

    const amend = await upsert({ ...approved.json, refund: { ...approved.json.refund, amount: { required: 90000, refunded: null } } }, tokens.moderator)
    expect(amend.status).toBe(409)

    const paid = await upsert(
      { ...approved.json, refund: { ...approved.json.refund, status: "Reembolsado", amount: { required: 45000, refunded: 45000 } } },
      tokens.admin
    )
    expect(paid.status, JSON.stringify(paid.json)).toBe(200)
    expect(paid.json.refund).toMatchObject({ status: "Reembolsado", amount: { required: 45000, refunded: 45000 } })
    opened = paid.json
  })

  it('a refund asked by the original\'s form, whose status is "" for a new request, starts Pendiente; an unknown status is still refused', async () => {
    const fresh = (await upsert(newCase())).json
    const form = { amount: { required: 30000, refunded: null }, imed: { required: null, refunded: null }, status: "", comment: "" }
    const asked = await upsert({ ...fresh, procedure_id: f.procedures.refund, refund: form })
    expect(asked.status, JSON.stringify(asked.json)).toBe(200)
    expect(asked.json.refund).toMatchObject({ amount: { required: 30000 }, status: "Pendiente" })
    const unknown = await upsert({ ...asked.json, refund: { ...asked.json.refund, status: "Pagado" } }, tokens.moderator)
    expect(unknown.status).toBe(400)
    expect(unknown.json.issues).toContainEqual({
      path: ["refund", "status"],
      message: "Estado de reembolso inválido: Pendiente, Aprobado, Rechazado o Reembolsado"
    })
  })

  it("closing needs a description; a closed case changes only by reopening, which is a moderator's", async () => {
    // Closing without saying how is the lifecycle's refusal (a 409 with its reason), not a malformed body.
    const unexplained = await upsert({ ...opened, status: { isClosed: true, description: "" } })
    expect(unexplained.status).toBe(409)
    expect(unexplained.json.message).toBe(refusalOf(lifecycleOf(caseFactsOfView(opened as CaseView)), { type: "close", description: "", role: "user" }))
    const closed = await upsert({ ...opened, status: { isClosed: true, description: "Resuelto por el especialista" } })
    expect(closed.status, JSON.stringify(closed.json)).toBe(200)
    expect(closed.json.stage.code).toBe("close")
    expect((await upsert({ ...closed.json, event: { ...closed.json.event, description: "cambio" } })).status).toBe(409)
    const reopenByOperator = await upsert({ ...closed.json, status: { isClosed: false, description: "Falta la boleta" } })
    expect(reopenByOperator.status).toBe(409)
    expect(reopenByOperator.json.message).toBe("Solo un moderador o un administrador puede reabrir un caso")
    const reopened = await upsert({ ...closed.json, status: { isClosed: false, description: "Falta la boleta" } }, tokens.moderator)
    expect(reopened.status).toBe(200)
    expect(reopened.json.status).toEqual({ isClosed: false, description: "Falta la boleta" })
    expect(reopened.json.history[0]).toMatchObject({ type: "reopened", name: "Caso reabierto" })
  })

  it("refuses what does not belong: a titular outside the subscription, an unknown case, a role without access", async () => {
    const outsider = await upsert({ ...newCase(), lead_id: f.lead, insured: { id: f.otherInsured } })
    expect(outsider.status).toBe(400)
    expect(outsider.json.message).toBe("El titular no pertenece a esa suscripción")
    expect((await upsert({ ...newCase(), case_id: "00000000-0000-4000-8000-000000000000" })).status).toBe(404)
    expect((await call("GET", "/api/case/getById/00000000-0000-4000-8000-000000000000")).status).toBe(404)
    expect((await upsert(newCase(), tokens.none)).status).toBe(403)
    const unknownValue = await upsert({ ...newCase(), values: [{ id: "00000000-0000-4000-8000-000000000000", value: 3 }] })
    expect(unknownValue.status).toBe(400)
    expect(unknownValue.json.issues).toEqual([{ path: ["values", "0", "id"], message: "Valor desconocido" }])
  })
})

describe("the coverage check on upsert", () => {
  it("refuses to open a case the coverage does not allow unless the operator gives a reason, which the history keeps", async () => {
    // Before the policy starts: no policy in force that day.
    const [before] = await server.sql((sql) => sql<{ day: string }>`SELECT to_char(start_date - 1, 'YYYY-MM-DD') AS day FROM lead WHERE id = ${f.lead}`)
    const early = { ...newCase(null), lead_id: f.lead, event: { date: before!.day, location: "", description: "Antes de la póliza" } }
    const refused = await upsert(early)
    expect(refused.status, JSON.stringify(refused.json)).toBe(409)
    expect(refused.json.message).toMatch(/^Sin cobertura: .*Para abrir el caso igual, indique el motivo de la excepción\.$/)
    const allowed = await upsert({ ...early, coverageException: "Póliza en trámite, autoriza supervisión" })
    expect(allowed.status, JSON.stringify(allowed.json)).toBe(200)
    expect(allowed.json.coverageException).toBe("Póliza en trámite, autoriza supervisión")
    expect((allowed.json.history as Array<Json>).map((h) => h.name)).toContain("Excepción de cobertura: Póliza en trámite, autoriza supervisión")
  })
})

describe("GET /case/getAll, getOrigins, getStatus (caseStore)", () => {
  it("pages newest first with the original's summary and page count, filtered by channel, stage and name", async () => {
    const second = await upsert(newCase())
    expect(second.status).toBe(200)
    const all = await call("GET", "/api/case/getAll?records=1&page=1")
    expect(all.status).toBe(200)
    expect(all.json.summary.cases).toBeGreaterThanOrEqual(2)
    expect(all.json.pagination).toEqual({ total: all.json.summary.cases, page: 1, records: 1 })
    expect(all.json.data[0]).toMatchObject({ id: second.json.case_id, number: second.json.case_number, stage_name: "Evento", code: "event" })
    expect(all.json.data[0].applicant_name).not.toBe("")
    expect(all.json.data[0].assistance_name).toBe(second.json.assistance.name)

    const byStage = await call("GET", `/api/case/getAll?stage_id=${f.stages.event}&records=20`)
    expect((byStage.json.data as Array<Json>).every((row) => row.code === "event")).toBe(true)
    const byRetail = await call("GET", `/api/case/getAll?retail_id=${f.retail}&records=50`)
    expect(byRetail.json.summary.cases).toBeGreaterThanOrEqual(2)
    expect(byRetail.json.summary.cases).toBeLessThan(all.json.summary.cases)
    expect((byRetail.json.data as Array<Json>).every((row) => row.customer_id === f.retail)).toBe(true)
    const name = (second.json.insured.paternalLastName as string)
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toUpperCase()
    const byName = await call("GET", `/api/case/getAll?applicant_name=${encodeURIComponent(name)}`)
    expect((byName.json.data as Array<Json>).map((r) => r.id)).toContain(second.json.case_id)
    const byRut = await call("GET", `/api/case/getAll?applicant_rut=${encodeURIComponent(second.json.insured.rut)}`)
    expect((byRut.json.data as Array<Json>).map((r) => r.id)).toContain(second.json.case_id)
    const none = await call("GET", "/api/case/getAll?applicant_name=zzzz-nadie&records=20")
    expect(none.json).toEqual({ summary: { cases: 0 }, pagination: { total: 0, page: 1, records: 20 }, data: [] })
    const past = await call("GET", "/api/case/getAll?records=20&page=999")
    expect(past.json.data).toEqual([])
    expect(past.json.summary.cases).toBe(all.json.summary.cases)

    const origins = await call("GET", "/api/case/getOrigins")
    expect((origins.json as unknown as Array<Json>).map((o) => o.id)).toContain(f.retail)
    const stages = await call("GET", "/api/case/getStatus")
    expect((stages.json as unknown as Array<Json>).map((s) => s.id)).toContain(f.stages.event)
  })
})

describe("the list's totals (remembered between writes, never stale after one)", () => {
  it("a case opened, closed or moved changes the totals of the very next page, for every filter", async () => {
    const totals = async () => {
      const [all, byRetail, byStage, closedStage] = await Promise.all([
        call("GET", "/api/case/getAll?records=5"),
        call("GET", `/api/case/getAll?retail_id=${f.retail}&records=5`),
        call("GET", `/api/case/getAll?stage_id=${f.stages.event}&records=5`),
        call("GET", `/api/case/getAll?stage_id=${f.stages.close}&records=5`)
      ])
      return [all, byRetail, byStage, closedStage].map((r) => r.json.summary.cases as number)
    }
    const before = await totals()
    expect(await totals()).toEqual(before)
    const opened = await upsert(newCase())
    expect(opened.status).toBe(200)
    expect(await totals()).toEqual([before[0]! + 1, before[1]! + 1, before[2]! + 1, before[3]!])
    const closed = await upsert({ ...opened.json, status: { isClosed: true, description: "Resuelto en la prueba" } }, tokens.user, { "if-match": opened.etag! })
    expect(closed.status).toBe(200)
    expect(await totals()).toEqual([before[0]! + 1, before[1]! + 1, before[2]!, before[3]! + 1])
  })
})

describe("the case's chat (getChatByCase, createChatMessage)", () => {
  it("keeps messages oldest first, tagged with the case's stage, written as the token's user whatever the body says", async () => {
    const opened = (await upsert(newCase())).json
    const first = await call("POST", "/api/case/createChatMessage", {
      case_id: opened.case_id,
      stage_id: f.stages.close,
      user_id: "user_x",
      message: "Llamé al titular",
      type: "Admin"
    })
    expect(first.status, JSON.stringify(first.json)).toBe(200)
    expect(first.json).toMatchObject({ case_id: opened.case_id, stage_id: f.stages.event, stage_code: "event", message: "Llamé al titular", type: "Operador" })
    expect(first.json.user_id).not.toBe("user_x")
    expect(first.json.applicant_name).toBe(opened.insured.name)
    const second = await call("POST", "/api/case/createChatMessage", { case_id: opened.case_id, message: "Especialista confirmado" }, tokens.moderator)
    expect(second.json.type).toBe("Moderador")
    const list = await call("GET", `/api/case/getChatByCase/${opened.case_id}`)
    expect(list.status).toBe(200)
    expect((list.json as unknown as Array<Json>).map((m) => m.message)).toEqual(["Llamé al titular", "Especialista confirmado"])
    // A message is not a change of the case: its version stays, so nobody editing it gets a 412 for a chat line.
    expect((await call("GET", `/api/case/getById/${opened.case_id}`)).json.version).toBe(opened.version)
  })

  it("keeps the type the original client sends when it is one of its own (it draws the operator's bubble only for «Operador»)", async () => {
    const opened = (await upsert(newCase())).json
    const post = (type: unknown, token: string) => call("POST", "/api/case/createChatMessage", { case_id: opened.case_id, message: "Hola", type }, token)
    expect((await post("Operador", tokens.admin)).json.type).toBe("Operador")
    expect((await post("Cliente", tokens.user)).json.type).toBe("Cliente")
    expect((await post("operador", tokens.admin)).json.type).toBe("Administrador")
    expect((await post(null, tokens.moderator)).json.type).toBe("Moderador")
    const list = (await call("GET", `/api/case/getChatByCase/${opened.case_id}`)).json as unknown as Array<Json>
    expect(list.map((m) => m.type)).toEqual(["Operador", "Cliente", "Administrador", "Moderador"])
    // Not a text at all is malformed, as any field.
    const wrong = await post(7, tokens.user)
    expect(wrong.status).toBe(400)
    expect(wrong.json.issues).toEqual([{ path: ["type"], message: "Tipo de autor inválido: Operador o Cliente" }])
  })

  it("answers null for a message without a case, 404 for an unknown case and 400 for an empty message", async () => {
    const orphan = await call("POST", "/api/case/createChatMessage", { case_id: null, message: "hola" })
    expect(orphan.status).toBe(200)
    expect(orphan.json).toBeNull()
    const unknown = "00000000-0000-4000-8000-000000000000"
    expect((await call("POST", "/api/case/createChatMessage", { case_id: unknown, message: "hola" })).status).toBe(404)
    expect((await call("GET", `/api/case/getChatByCase/${unknown}`)).status).toBe(404)
    expect((await call("POST", "/api/case/createChatMessage", { case_id: unknown, message: "  " })).status).toBe(400)
  })
})

describe("a case's documents (uploadDocument, getAttachById) and their signed links", () => {
  const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
  const form = (fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) => {
    const data = new FormData()
    for (const [k, v] of Object.entries(fields)) data.append(k, v)
    if (file) data.append("files", new Blob([file.bytes], { type: file.type }), file.name)
    return data
  }
  const uploadForm = async (body: FormData, token = tokens.user) => {
    const response = await send(server.url, "POST", "/api/case/uploadDocument", { token, body })
    return { status: response.status, json: response.json as Json }
  }

  it("stores a PDF by its content, lists it in the case as an event, and opens it through a link that needs no token but expires", async () => {
    const opened = (await upsert(newCase())).json
    const sent = await uploadForm(
      form({ case_id: opened.case_id, document_id: f.document }, { bytes: pdf, name: "../../boleta\u202Efdp.pdf", type: "text/html" })
    )
    expect(sent.status, JSON.stringify(sent.json)).toBe(200)
    expect(sent.json).toEqual({ success: true, data: null, error: null })
    const after = (await call("GET", `/api/case/getById/${opened.case_id}`)).json
    expect(after.files).toEqual([{ document_id: f.document, document_name: expect.any(String), file_tag: "boletafdp.pdf" }])
    expect(after.history[0]).toMatchObject({ type: "filesSet", code: "attachment" })
    expect(after.stage.code).toBe("attachment")

    const links = await call("GET", `/api/case/getAttachById/${opened.case_id}/attachment`)
    expect(links.status).toBe(200)
    const [link] = links.json as unknown as Array<Json>
    expect(link).toMatchObject({ document_id: f.document, file_tag: "boletafdp.pdf", content_type: "application/pdf", size: pdf.length })
    // Absolute from PALMA_PUBLIC_URL (the test servers': http://localhost:3000): the original client opens it from its own origin.
    expect(link!.viewLink).toMatch(/^http:\/\/localhost:3000\/api\/case\/file\/[\w-]{48}\.[\w-]{22}$/)
    const path = new URL(link!.viewLink).pathname
    const file = await fetch(`${server.url}${path}`)
    expect(file.status).toBe(200)
    expect(file.headers.get("content-type")).toBe("application/pdf")
    expect(file.headers.get("x-content-type-options")).toBe("nosniff")
    expect(file.headers.get("content-disposition")).toContain("boletafdp.pdf")
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf)

    const [body, mac] = path.split("/").at(-1)!.split(".")
    const forged = await fetch(`${server.url}/api/case/file/${body}.${mac![0] === "A" ? "B" : "A"}${mac!.slice(1)}`)
    expect(forged.status).toBe(401)

    // The same bytes again, for another case: stored once.
    const second = (await upsert(newCase())).json
    expect(
      (await uploadForm(form({ case_id: second.case_id, document_id: f.document }, { bytes: pdf, name: "boleta.pdf", type: "application/pdf" }))).status
    ).toBe(200)
    const stored = await server.sql((sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM stored_file`)
    expect(stored[0]!.n).toBe(1)
  })

  it("refuses a file that is not what it says, one too big, a missing one, an unknown case or document, in Spanish", async () => {
    const opened = (await upsert(newCase())).json
    const fields = { case_id: opened.case_id, document_id: f.document }
    const html = await uploadForm(
      form(fields, { bytes: new TextEncoder().encode("<html><script>alert(1)</script></html>"), name: "foto.png", type: "image/png" })
    )
    expect(html.status).toBe(400)
    expect(html.json.message).toContain("PDF o una imagen")
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set(pdf)
    expect((await uploadForm(form(fields, { bytes: big, name: "grande.pdf", type: "application/pdf" }))).status).toBe(413)
    const none = await uploadForm(form(fields))
    expect(none.status).toBe(400)
    expect(none.json.issues).toEqual([{ path: ["files"], message: "No se adjuntó ningún archivo" }])
    const unknown = "00000000-0000-4000-8000-000000000000"
    expect((await uploadForm(form({ ...fields, case_id: unknown }, { bytes: pdf, name: "a.pdf", type: "application/pdf" }))).status).toBe(404)
    expect((await uploadForm(form({ ...fields, document_id: unknown }, { bytes: pdf, name: "a.pdf", type: "application/pdf" }))).status).toBe(400)
    expect((await call("GET", `/api/case/getAttachById/${unknown}/x`)).status).toBe(404)
    expect((await uploadForm(form(fields, { bytes: pdf, name: "a.pdf", type: "application/pdf" }), tokens.none)).status).toBe(403)
  })
})

describe("GET /product/getContractOperations/{case_id} (caseStore.getContract)", () => {
  it("answers the contract of the case's plan, a PDF in base64, in the original's envelope", async () => {
    const opened = (await upsert(newCase())).json
    const contract = await call("GET", `/api/product/getContractOperations/${opened.case_id}`)
    expect(contract.status, JSON.stringify(contract.json)).toBe(200)
    expect(contract.json).toEqual({ success: true, data: expect.any(String), error: null })
    expect(Buffer.from(contract.json.data, "base64").subarray(0, 5).toString()).toBe("%PDF-")
    // The very PDF of the plan the case is on (stored once, served as stored).
    const byPlan = await call("GET", `/api/product/getContract/${opened.product.productPlan_id}`)
    expect(contract.json.data).toBe(byPlan.json.base64)
  })

  it("answers 404 in Spanish for an unknown case and for a case without a subscription", async () => {
    const unknown = await call("GET", "/api/product/getContractOperations/00000000-0000-4000-8000-000000000000")
    expect(unknown.status).toBe(404)
    expect(unknown.json.message).toBe("No se encontró el caso")
    // A case carried over without its subscription: no endpoint makes one.
    const opened = (await upsert(newCase())).json
    await server.sql((sql) => sql`UPDATE assistance_case SET lead_id = NULL WHERE id = ${opened.case_id}`)
    const orphan = await call("GET", `/api/product/getContractOperations/${opened.case_id}`)
    expect(orphan.status).toBe(404)
    expect(orphan.json.message).toBe("El caso no tiene una suscripción: no hay contrato que mostrar")
  })
})

describe("GET /case/live (server-sent events)", () => {
  /** Reads the stream until `until` holds for what arrived so far; the test's timeout bounds the wait. */
  const listen = async (query: string) => {
    const controller = new AbortController()
    const response = await fetch(`${server.url}/api/case/live${query}`, { headers: { authorization: `Bearer ${tokens.user}` }, signal: controller.signal })
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ""
    const until = async (done: (text: string) => boolean) => {
      while (!done(text)) {
        const { value, done: ended } = await reader.read()
        if (ended) break
        text += value
      }
      return text
    }
    return { response, until, close: () => controller.abort() }
  }

  it("pushes a case's changes and chat messages to whoever watches it, and only that case's when asked", async () => {
    const opened = (await upsert(newCase())).json
    const all = await listen("")
    const one = await listen(`?case_id=${opened.case_id}`)
    expect(all.response.headers.get("content-type")).toContain("text/event-stream")
    await all.until((t) => t.includes("retry: 3000"))
    await one.until((t) => t.includes("retry: 3000"))

    const other = (await upsert(newCase())).json
    const changed = await upsert({ ...opened, event: { ...opened.event, description: "Ahora con más agua" } })
    await call("POST", "/api/case/createChatMessage", { case_id: opened.case_id, message: "Voy en camino" })

    const seen = await all.until((t) => t.includes(`"case_id":"${other.case_id}"`) && t.includes("event: chat"))
    expect(seen).toContain(`event: case\ndata: {"type":"case","case_id":"${opened.case_id}","version":${changed.json.version},"stage_code":"event"}`)
    const mine = await one.until((t) => t.includes("event: chat"))
    expect(mine).toContain(`"version":${changed.json.version}`)
    expect(mine).not.toContain(other.case_id)
    all.close()
    one.close()
  })

  it("is for staff only", async () => {
    expect((await fetch(`${server.url}/api/case/live`)).status).toBe(401)
    expect((await fetch(`${server.url}/api/case/live`, { headers: { authorization: `Bearer ${tokens.none}` } })).status).toBe(403)
  })
})

describe("a type-C case: a person no policy covers, registered as the case opens (reference §1.3, §4)", () => {
  // A RUT the demo data does not hold, with its check digit.
  const unknownRut = (body: number) => `${body}-${Rut.checkDigit(String(body))}`
  const register = async (rut: string) => {
    expect((await call("GET", `/api/case/getApplicantByRut/${rut}`)).json).toEqual({ type: "C" })
    const person = {
      type: "C",
      id: "",
      rut,
      name: "Camila",
      paternalLastName: "Reyes",
      maternalLastName: "Soto",
      address: "Av. Uno 123",
      district: "",
      email: "",
      phone: "",
      birthDate: ""
    }
    const { status, json } = await call("POST", "/api/insured/upsert", person)
    expect(status, JSON.stringify(json)).toBe(200)
    return json.id as string
  }
  const planOf = async () => {
    const retails = (await call("GET", "/api/retail/getProductsAndRetail")).json as unknown as Array<{
      id: string
      products: Array<{ id: string; productplan_id: string }>
    }>
    return retails.find((r) => r.id === f.retail)!.products.find((p) => p.id === f.product)!.productplan_id
  }
  const typeC = (insuredId: string, rut: string, plan: string | null) => ({
    ...newCase(),
    type: "C",
    insured: { ...newCase().insured, type: "C", id: insuredId, rut },
    customer: { id: insuredId, rut, name: "Camila Reyes Soto" },
    productplan_id: plan
  })
  const leadsOf = (rut: string) =>
    server.sql(
      (sql) => sql<{ lead: string; customer: string }>`SELECT l.id::text AS lead, c.rut AS customer FROM insured i
      JOIN lead_insured li ON li.insured_id = i.id JOIN lead l ON l.id = li.lead_id JOIN customer c ON c.id = l.customer_id
      WHERE i.rut = ${Rut.normalize(rut)!}`
    )

  it("opens a subscription on the chosen plan with the person as customer and titular; the next case reuses it", async () => {
    const rut = unknownRut(30_123_456)
    const insuredId = await register(rut)
    const plan = await planOf()
    const first = await upsert(typeC(insuredId, rut, plan))
    expect(first.status, JSON.stringify(first.json)).toBe(200)
    expect(first.json).toMatchObject({ type: "C", insured: { id: insuredId }, retail: { id: f.retail }, product: { id: f.product } })
    expect(first.json.lead_id).not.toBe(f.lead)
    expect(await leadsOf(rut)).toEqual([{ lead: first.json.lead_id, customer: Rut.normalize(rut) }])
    expect((await call("GET", `/api/case/getApplicantByRut/${rut}?date=${today}`)).json).toMatchObject({ type: "I", insured: { id: insuredId } })

    const second = await upsert(typeC(insuredId, rut, plan))
    expect(second.status).toBe(200)
    expect(second.json.lead_id).toBe(first.json.lead_id)
    expect(await leadsOf(rut)).toHaveLength(1)
  })

  it("without a plan it is a 400 naming productplan_id; a case refused later leaves no subscription behind", async () => {
    const rut = unknownRut(30_123_457)
    const insuredId = await register(rut)
    const noPlan = await upsert(typeC(insuredId, rut, null))
    expect(noPlan.status).toBe(400)
    expect(noPlan.json).toMatchObject({ message: "Elija el canal y el plan que toma la persona para abrir su caso", issues: [{ path: ["productplan_id"] }] })

    const refused = await upsert({ ...typeC(insuredId, rut, await planOf()), values: [{ id: "00000000-0000-4000-8000-000000000000", value: "x" }] })
    expect(refused.status).toBe(400)
    expect(await leadsOf(rut)).toEqual([])
  })
})
