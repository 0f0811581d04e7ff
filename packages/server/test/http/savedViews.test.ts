import { afterAll, beforeAll, describe, expect, it } from "vitest"
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
})
