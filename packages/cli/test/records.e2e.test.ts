import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { clientAs, demo, signIn } from "../../server/test/support/api.js"
import { startServer } from "../../server/test/support/startServer.js"
import { palma } from "./support/palma.js"

describe("palma delete, deleted and restore (issue 10 §5)", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let env: Record<string, string>

  beforeAll(async () => {
    server = await startServer()
    env = { PALMA_CONFIG_DIR: await mkdtemp(join(tmpdir(), "palma-cli-records-")), PALMA_API_URL: server.url }
    expect((await palma(["login", "--email", demo.admin, "--password", "palma-demo"], env)).code).toBe(0)
  })
  afterAll(() => server?.stop())

  const api = async () => clientAs(server.url, await signIn(server.url, demo.admin))

  it("deletes a record with --yes, lists it among the deleted, and restores it", async () => {
    const family = await (await api())((c) => c.family.create({ payload: { name: "Familia de la terminal" } }))
    const deleted = await palma(["delete", "family", family.id, "--yes"], env)
    expect(deleted.code, deleted.stderr).toBe(0)
    expect(deleted.stdout).toContain("Eliminado: Familia de la terminal")

    const listed = await palma(["deleted", "family", "--json", "--search", "terminal"], env)
    expect(listed.code, listed.stderr).toBe(0)
    expect(JSON.parse(listed.stdout)).toMatchObject({ total: 1, items: [{ id: family.id, name: "Familia de la terminal" }] })
    expect((await palma(["deleted", "family", "--search", "terminal"], env)).stdout).toMatch(/^ID\s+Nombre\n[\s\S]*Familia de la terminal/)

    const restored = await palma(["restore", "family", family.id], env)
    expect(restored.code, restored.stderr).toBe(0)
    expect(restored.stdout).toBe("Restaurado: Familia de la terminal.\n")
    expect((await (await api())((c) => c.family.getById({ path: { id: family.id } }))).isActive).toBe(true)
  })

  it("a record still in use is not deleted: the server's Spanish reason, exit code 1", async () => {
    const hogar = (await (await api())((c) => c.family.list({ urlParams: {} }))).find((f) => f.name === "Hogar")!
    const run = await palma(["delete", "family", hogar.id, "--yes"], env)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/No se puede eliminar la familia: se usa en \d+ especialidades/)
  })

  it("checks its input before calling anyone: unknown resource, bad id, no --yes without a terminal (exit code 2)", async () => {
    expect((await palma(["delete", "planeta", "00000000-0000-4000-8000-000000000000", "--yes"], env)).code).toBe(2)
    expect((await palma(["restore", "family", "no-es-un-id"], env)).code).toBe(2)
    const unconfirmed = await palma(["delete", "family", "00000000-0000-4000-8000-000000000000"], env)
    expect(unconfirmed.code).toBe(2)
    expect(unconfirmed.stderr).toContain("--yes")
  })
})
