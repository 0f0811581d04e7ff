import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Rut } from "@palma/core"
import { demo } from "../../server/test/support/api.js"
import { startServer } from "../../server/test/support/startServer.js"
import { palma } from "./support/palma.js"

describe("palma search customer|insured (the seeded demo population)", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let env: Record<string, string>

  beforeAll(async () => {
    server = await startServer()
    env = { PALMA_CONFIG_DIR: await mkdtemp(join(tmpdir(), "palma-cli-search-")), PALMA_API_URL: server.url }
    expect((await palma(["login", "--email", demo.user, "--password", "palma-demo"], env)).code).toBe(0)
  })
  afterAll(() => server?.stop())

  const json = async (args: ReadonlyArray<string>) => {
    const run = await palma(["search", ...args, "--json"], env)
    expect(run.code, run.stderr).toBe(0)
    return JSON.parse(run.stdout) as {
      summary: Record<string, number>
      pagination: { total: number; page: number; records: number }
      data: Array<{ id: string; rut: string; name: string; products: number }>
    }
  }

  it("finds titulares by name without accents, 20 a page, with the page count; --page moves on", async () => {
    const first = await json(["insured", "munoz"])
    expect(first.data.length).toBeGreaterThan(0)
    expect(first.pagination).toMatchObject({ page: 1, records: 20, total: Math.ceil(first.summary.insured! / 20) })
    for (const person of first.data)
      expect(
        person.name
          .normalize("NFD")
          .replace(/[\u0300-\u036f]/g, "")
          .toLowerCase()
      ).toContain("munoz")
    if (first.pagination.total > 1) {
      const second = await json(["insured", "munoz", "--page", "2"])
      expect(second.pagination.page).toBe(2)
      expect(second.data.map((p) => p.id)).not.toContain(first.data[0]!.id)
    }
  })

  it("a table for people and CSV for spreadsheets; a RUT (or its start) searches by RUT", async () => {
    const { data } = await json(["customer", "a", "--records", "5"])
    const someone = data[0]!
    const dotted = Rut.format(someone.rut)
    const table = await palma(["search", "customer", dotted], env)
    expect(table.code, table.stderr).toBe(0)
    expect(table.stdout.split("\n")[0]).toMatch(/^\s*RUT\s+Nombre\s+Productos vigentes\s+ID/)
    expect(table.stdout).toContain(dotted)
    expect(table.stdout).toMatch(/Página 1 de 1 · 1 clientes/)
    const csv = await palma(["search", "customer", someone.rut, "--csv"], env)
    expect(csv.stdout.split("\r\n")).toEqual(["RUT,Nombre,Productos vigentes,ID", `${dotted},${someone.name},${someone.products},${someone.id}`, ""])
  })

  it("nothing found says so; bad input is a usage error (2) before any call", async () => {
    const none = await palma(["search", "insured", "zzzqqq"], env)
    expect(none.code).toBe(0)
    expect(none.stdout).toBe("Sin resultados para «zzzqqq».\n")
    for (const args of [
      ["search", "people", "ana"],
      ["search", "insured", "ana", "--page", "0"],
      ["search", "customer", "ana", "--records", "x"]
    ]) {
      const run = await palma(args, env)
      expect(run.code, args.join(" ")).toBe(2)
      expect(run.stderr).toMatch(/desconocida|mayor que cero/)
    }
  })
})
