import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Rut } from "@palma/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demo, signIn } from "../../server/test/support/api.js"
import { rutOf } from "../../server/test/support/catalogFixture.js"
import { startServer } from "../../server/test/support/startServer.js"
import { palma } from "./support/palma.js"

interface Listed {
  readonly id: string
  readonly type: "P" | "C"
  readonly rut: string
  readonly name: string
  readonly quantity: string
}

describe("palma list contractor", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let env: Record<string, string>
  /** A company with no subscription, created through the API as an admin in the original's spelling. */
  const company = { rut: rutOf(76_543_219), name: "Ñandú Logística SpA" }

  beforeAll(async () => {
    server = await startServer()
    env = { PALMA_CONFIG_DIR: await mkdtemp(join(tmpdir(), "palma-cli-contractor-")), PALMA_API_URL: server.url }
    expect((await palma(["login", "--email", demo.user, "--password", "palma-demo"], env)).code).toBe(0)
    const token = await signIn(server.url, demo.admin)
    const response = await fetch(`${server.url}/api/contractor/create`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ type: "C", rut: Rut.format(company.rut), companyName: company.name, district: "Ñuñoa" })
    })
    expect(response.status).toBe(200)
  })
  afterAll(async () => {
    await server?.stop()
  })

  const listed = async (args: ReadonlyArray<string>) => {
    const run = await palma(["list", "contractor", ...args, "--json"], env)
    expect(run.code, run.stderr).toBe(0)
    return JSON.parse(run.stdout) as ReadonlyArray<Listed>
  }

  it("lists every contractor of the demo population, persons and companies, as JSON, a table and CSV", async () => {
    const all = await listed([])
    expect(all.length).toBeGreaterThan(1500)
    expect(new Set(all.map((c) => c.type))).toEqual(new Set(["P", "C"]))
    const table = await palma(["list", "contractor", "--name", "nandu"], env)
    expect(table.code, table.stderr).toBe(0)
    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+Tipo\s+RUT\s+Nombre\s+Comuna\s+Teléfono\s+Correo\s+Pólizas vigentes/)
    expect(table.stdout).toMatch(/Empresa\s+76\.543\.219-\d\s+Ñandú Logística SpA\s+Ñuñoa/)
    const csv = await palma(["list", "contractor", "--rut", "76.543.219", "--csv"], env)
    expect(csv.code).toBe(0)
    expect(csv.stdout.split(/\r?\n/)[0]).toBe("ID,Tipo,RUT,Nombre,Comuna,Teléfono,Correo,Pólizas vigentes")
    expect(csv.stdout).toContain("Ñandú Logística SpA")
  })

  it("filters by type, RUT (or its start), name without accents and a policy in force", async () => {
    const companies = await listed(["--type", "empresa"])
    expect(companies.length).toBeGreaterThan(0)
    expect(companies.every((c) => c.type === "C")).toBe(true)
    expect((await listed(["--type", "persona"])).every((c) => c.type === "P")).toBe(true)
    expect((await listed(["--rut", "76543219"])).map((c) => c.name)).toEqual([company.name])
    expect((await listed(["--name", "NANDU LOGISTICA", "--type", "persona"])).length).toBe(0)
    const inForce = await listed(["--active"])
    expect(inForce.length).toBeGreaterThan(0)
    expect(inForce.every((c) => Number(c.quantity) > 0)).toBe(true)
    expect(inForce.map((c) => c.rut)).not.toContain(Rut.format(company.rut))
  })

  it("refuses an unknown type and contractor filters on other lists before any call (usage, exit 2)", async () => {
    const badType = await palma(["list", "contractor", "--type", "cooperativa"], env)
    expect(badType.code).toBe(2)
    expect(badType.stderr).toContain("--type debe ser persona o empresa")
    const elsewhere = await palma(["list", "family", "--rut", "1"], env)
    expect(elsewhere.code).toBe(2)
    expect(elsewhere.stderr).toContain("--rut solo aplica a: contractor")
    const providerFlag = await palma(["list", "contractor", "--specialty", "gasfiteria"], env)
    expect(providerFlag.code).toBe(2)
  })
})
