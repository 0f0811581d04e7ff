import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SAVED_VIEW_CAP } from "../../src/case/SavedViewService.js"
import { demo, demoTokens } from "../support/api.js"
import { rawApi } from "../support/providers.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/** Issue 12 §3: the case list's own filters (open or closed, a refund's status, mine) and each user's saved views. */

let server: InProcessServer
let tokens: Awaited<ReturnType<typeof demoTokens>>

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
})
afterAll(() => server?.stop())

const api = () =>
  rawApi(
    () => server.url,
    () => tokens.user
  )
interface ListAnswer {
  readonly summary: { readonly cases: number }
  readonly data: ReadonlyArray<{ readonly id: string; readonly isClosed: boolean }>
}
const countWhere = async (where: (sql: Parameters<Parameters<InProcessServer["sql"]>[0]>[0]) => unknown) => {
  const [row] = await server.sql((sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM assistance_case c WHERE ${where(sql) as never}`)
  return row!.n
}

describe("the case list's own filters", () => {
  it("open or closed, a refund's status, and mine (the cases the signed-in user opened) count what the projection holds", async () => {
    const { call, raw } = api()
    const [me] = await server.sql((sql) => sql<{ id: string }>`SELECT id FROM app_user WHERE lower(email) = ${demo.user}`)
    const open = await call<ListAnswer>("GET", "/case/getAll?status=open&records=50")
    expect(open.summary.cases).toBe(await countWhere((sql) => sql`NOT c.is_closed`))
    expect(open.data.every((r) => !r.isClosed)).toBe(true)
    const closed = await call<ListAnswer>("GET", "/case/getAll?status=closed&records=1")
    expect(closed.summary.cases + open.summary.cases).toBe(await countWhere((sql) => sql`true`))
    const pending = await call<ListAnswer>("GET", "/case/getAll?refund_status=Pendiente&records=1")
    expect(pending.summary.cases).toBe(await countWhere((sql) => sql`c.refund_status = 'Pendiente'`))
    expect(pending.summary.cases).toBeGreaterThan(0)
    const mine = await call<ListAnswer>("GET", "/case/getAll?status=open&mine=true&records=1")
    const expected = await countWhere((sql) => sql`NOT c.is_closed AND c.created_by = ${me!.id}`)
    expect(mine.summary.cases).toBe(expected)
    expect(expected).toBeGreaterThan(0)
    // Another user's "mine" is theirs: the same URL counts the moderator's.
    const theirs = await call<ListAnswer>("GET", "/case/getAll?status=open&mine=true&records=1", undefined, tokens.moderator)
    const [moderator] = await server.sql((sql) => sql<{ id: string }>`SELECT id FROM app_user WHERE lower(email) = ${demo.moderator}`)
    expect(theirs.summary.cases).toBe(await countWhere((sql) => sql`NOT c.is_closed AND c.created_by = ${moderator!.id}`))
    expect((await raw("GET", "/case/getAll?status=abierto")).status).toBe(400)
    expect((await raw("GET", "/case/getAll?refund_status=Pagado")).status).toBe(400)
  })
})

describe("saved views, per user", () => {
  it("a user saves, renames by saving again under the same name, and deletes their views; nobody else sees or deletes them", async () => {
    const { call, raw } = api()
    const saved = await call<{ id: string; name: string; criteria: object }>("POST", "/case/views", {
      name: "Mis reembolsos",
      criteria: { refund_status: "Pendiente", mine: "true" }
    })
    expect(saved).toMatchObject({ name: "Mis reembolsos", criteria: { refund_status: "Pendiente", mine: "true" } })
    // The same name in other letters is the same view, now with these criteria.
    const again = await call<{ id: string; name: string }>("POST", "/case/views", { name: "MIS REEMBOLSOS", criteria: { status: "open" } })
    expect(again.id).toBe(saved.id)
    expect(await call("GET", "/case/views")).toEqual([{ id: saved.id, name: "MIS REEMBOLSOS", criteria: { status: "open" } }])

    expect(await call("GET", "/case/views", undefined, tokens.moderator)).toEqual([])
    expect((await raw("DELETE", `/case/views/${saved.id}`, undefined, tokens.moderator)).status).toBe(404)
    expect((await raw("GET", "/case/views", undefined, tokens.none)).status).toBe(403)

    expect((await raw("POST", "/case/views", { name: "", criteria: {} })).status).toBe(400)
    expect((await raw("POST", "/case/views", { name: "Rara", criteria: { status: "todos" } })).status).toBe(400)
    // A user_id in the body is dropped, as in every payload: the view is the token's user's.
    const ignored = await call<{ id: string }>("POST", "/case/views", { name: "Todo", criteria: {}, user_id: "otro" })
    expect((await call<ReadonlyArray<{ id: string }>>("GET", "/case/views")).map((v) => v.id)).toContain(ignored.id)
    expect((await raw("DELETE", `/case/views/${ignored.id}`)).status).toBe(204)

    expect((await raw("DELETE", `/case/views/${saved.id}`)).status).toBe(204)
    expect(await call("GET", "/case/views")).toEqual([])
    expect((await raw("DELETE", `/case/views/${saved.id}`)).status).toBe(404)
  })

  it(`a user keeps at most ${SAVED_VIEW_CAP} views: a new name beyond that is refused with nothing written, an existing one is still saved`, async () => {
    const { call, raw } = api()
    const admin = tokens.admin
    const [me] = await server.sql((sql) => sql<{ id: string }>`SELECT id FROM app_user WHERE lower(email) = ${demo.admin}`)
    const stored = async () => {
      const [row] = await server.sql((sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM saved_view WHERE user_id = ${me!.id}`)
      return row!.n
    }
    expect(await stored()).toBe(0)
    for (let i = 1; i <= SAVED_VIEW_CAP; i++) await call("POST", "/case/views", { name: `Vista ${i}`, criteria: { status: "open" } }, admin)
    expect(await call<ReadonlyArray<unknown>>("GET", "/case/views", undefined, admin)).toHaveLength(SAVED_VIEW_CAP)

    const refused = await raw("POST", "/case/views", { name: "Una más", criteria: {} }, admin)
    expect(refused.status).toBe(400)
    expect(refused.json).toMatchObject({ message: "Ya tiene 50 vistas guardadas: elimine alguna antes de guardar otra." })
    expect(await stored()).toBe(SAVED_VIEW_CAP)
    const [absent] = await server.sql((sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM saved_view WHERE lower(name) = 'una más'`)
    expect(absent!.n).toBe(0)

    // At the cap, a name already kept (in any case) is the same view, updated.
    const updated = await call<{ name: string; criteria: object }>("POST", "/case/views", { name: "VISTA 7", criteria: { refund_status: "Pendiente" } }, admin)
    expect(updated).toMatchObject({ name: "VISTA 7", criteria: { refund_status: "Pendiente" } })
    expect(await stored()).toBe(SAVED_VIEW_CAP)
    // The cap is each user's: another user still saves.
    const theirs = await call<{ id: string }>("POST", "/case/views", { name: "Una más", criteria: {} }, tokens.moderator)
    expect((await raw("DELETE", `/case/views/${theirs.id}`, undefined, tokens.moderator)).status).toBe(204)

    // Room for two, five new names at once: two are saved, three refused, never more than the cap.
    const views = await call<ReadonlyArray<{ id: string }>>("GET", "/case/views", undefined, admin)
    for (const view of views.slice(0, 2)) expect((await raw("DELETE", `/case/views/${view.id}`, undefined, admin)).status).toBe(204)
    const racing = await Promise.all([1, 2, 3, 4, 5].map((i) => raw("POST", "/case/views", { name: `Carrera ${i}`, criteria: {} }, admin)))
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 400, 400, 400])
    expect(await stored()).toBe(SAVED_VIEW_CAP)

    await server.sql((sql) => sql`DELETE FROM saved_view WHERE user_id = ${me!.id}`)
  })

  it("a stored view whose criteria no longer decode is left out of the list (logged by id, without its contents), not a 500", async () => {
    const { call } = api()
    const [me] = await server.sql((sql) => sql<{ id: string }>`SELECT id FROM app_user WHERE lower(email) = ${demo.user}`)
    const kept = await call<{ id: string }>("POST", "/case/views", { name: "Abiertos", criteria: { status: "open" } })
    const stale = { applicant_rut: "12.345.678-5", status: "archivado" }
    const [old] = await server.sql(
      (sql) =>
        sql<{
          id: string
        }>`INSERT INTO saved_view (user_id, name, criteria) VALUES (${me!.id}, 'Archivados de Pérez', ${JSON.stringify(stale)}::jsonb) RETURNING id::text AS id`
    )
    // Keys that are not criteria any more are ignored, as in every payload; the view still lists.
    const [extra] = await server.sql(
      (sql) =>
        sql<{
          id: string
        }>`INSERT INTO saved_view (user_id, name, criteria) VALUES (${me!.id}, 'Con extra', '{"status":"closed","priority":"alta"}'::jsonb) RETURNING id::text AS id`
    )

    expect(await call("GET", "/case/views")).toEqual([
      { id: kept.id, name: "Abiertos", criteria: { status: "open" } },
      { id: extra!.id, name: "Con extra", criteria: { status: "closed" } }
    ])
    const warning = server
      .output()
      .split("\n")
      .find((line) => line.includes(old!.id))
    expect(warning).toContain("status")
    expect(warning).not.toContain("12.345.678-5")
    expect(warning).not.toContain("archivado")
    expect(warning).not.toContain("Pérez")

    await server.sql((sql) => sql`DELETE FROM saved_view WHERE user_id = ${me!.id}`)
  })
})
