import { type Failure, resourceActors, resourceMachine } from "@palma/core"
import { beforeAll, describe, expect, it } from "vitest"
import { createActor, waitFor } from "xstate"
import { call } from "../../src/lib/api"
import { admin } from "../accounts"
import { create, getOf } from "../masters/masterApi"
import { useRealServer } from "../realServer"

const server = useRealServer()
beforeAll(() => server.signIn(admin.email))

interface Family {
  readonly id: string
  readonly name: string
}

/** A family list as a screen runs it: core's resource machine over the app's one client. */
const familyList = async () => {
  const actor = createActor(resourceMachine<Family, { name: string }>().provide({ actors: resourceActors<Family>(call, "family") }), { input: {} }).start()
  await waitFor(actor, (s) => s.matches("ready"))
  return actor
}

const outcome = (actor: Awaited<ReturnType<typeof familyList>>) =>
  new Promise<{ written: Family } | { rejected: Failure }>((resolve) => {
    actor.on("written", ({ item }) => resolve({ written: item }))
    actor.on("rejected", ({ failure }) => resolve({ rejected: failure }))
  })

describe("the version travels with the record (issue 34 §2)", () => {
  it("a list sends the version it read, not the newer one the same client saw since: its stale edit is a 412", async () => {
    const id = await create(server, "family", { name: "Familia Versionada" })
    const mine = await familyList()
    const other = await familyList()

    mine.send({ type: "READ", id })
    await waitFor(mine, (s) => s.matches("ready") && s.context.versions[id] !== undefined)
    const held = mine.getSnapshot().context.versions[id]

    // Another screen of the same app reads and saves the family: the client has now seen its next version.
    other.send({ type: "READ", id })
    await waitFor(other, (s) => s.matches("ready") && s.context.versions[id] !== undefined)
    const saved = outcome(other)
    other.send({ type: "UPDATE", id, input: { name: "Versión de la otra pantalla" } })
    expect(await saved).toMatchObject({ written: { name: "Versión de la otra pantalla" } })

    server.requests.length = 0
    const refused = outcome(mine)
    mine.send({ type: "UPDATE", id, input: { name: "Mi versión" } })
    expect(await refused).toMatchObject({ rejected: { status: 412 } })
    const [sent] = server.requests.filter((r) => r.method === "PUT")
    expect(sent?.headers.get("if-match")).toBe(held)
    expect(await getOf(server, "family", id)).toMatchObject({ name: "Versión de la otra pantalla" })

    // Read again, the list holds the current version and its edit goes through.
    mine.send({ type: "READ", id })
    await waitFor(mine, (s) => s.matches("ready") && s.context.versions[id] !== held)
    const accepted = outcome(mine)
    mine.send({ type: "UPDATE", id, input: { name: "Mi versión" } })
    expect(await accepted).toMatchObject({ written: { name: "Mi versión" } })
    mine.stop()
    other.stop()
  })

  it("a write without a version read sends no If-Match, as the original client does", async () => {
    const id = await create(server, "family", { name: "Familia Sin Versión" })
    const list = await familyList()
    server.requests.length = 0
    const written = outcome(list)
    list.send({ type: "UPDATE", id, input: { name: "Familia Renombrada Sin Versión" } })
    expect(await written).toMatchObject({ written: { name: "Familia Renombrada Sin Versión" } })
    expect(server.requests.find((r) => r.method === "PUT")?.headers.get("if-match")).toBeNull()
    list.stop()
  })
})
