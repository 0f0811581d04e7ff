import ExcelJS from "exceljs"
import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Readable } from "node:stream"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { clientAs, demo, signIn } from "../../server/test/support/api.js"
import { startServer } from "../../server/test/support/startServer.js"
import { palma } from "./support/palma.js"

const password = "palma-demo"

describe("palma and the commercial catalog (seeded demo retails)", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let dir: string
  const loggedIn = async (email: string) => {
    const env = { PALMA_CONFIG_DIR: await mkdtemp(join(tmpdir(), "palma-cli-catalog-")), PALMA_API_URL: server.url }
    expect((await palma(["login", "--email", email, "--password", password], env)).code).toBe(0)
    return env
  }
  /** A seeded plan and its format's headers, read through the API. */
  const seededPlan = async () => {
    const admin = clientAs(server.url, await signIn(server.url, demo.admin))
    const retails = await admin((c) => c.retail.getProductsAndRetail())
    const plan = retails.find((r) => r.name === "Tiendas Andes")?.plans[0]
    expect(plan).toBeDefined()
    const format = await admin((c) => c.fileFormat.getByProductPlanId({ path: { productPlan_id: plan!.id } }))
    return { planId: plan!.id, headers: format.map((f) => f.header) }
  }

  beforeAll(async () => {
    server = await startServer()
    dir = await mkdtemp(join(tmpdir(), "palma-cli-templates-"))
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("lists the retails with formatted RUTs, and the services and products", async () => {
    const env = await loggedIn(demo.user)
    const json = await palma(["list", "retail", "--json"], env)
    expect(json.code).toBe(0)
    const retails = JSON.parse(json.stdout) as ReadonlyArray<{ name: string; rut: string }>
    expect(retails.map((c) => c.name)).toEqual(expect.arrayContaining(["Tarjeta Banco Austral", "Tiendas Andes", "Corredora Pacífico", "Canal Web Palma"]))
    const table = await palma(["list", "retail"], env)
    expect(table.code).toBe(0)
    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+RUT\s+Nombre\s+Giro/)
    expect(table.stdout).toMatch(/\d{2}\.\d{3}\.\d{3}-[\dK]\s+Tiendas Andes/)

    for (const resource of ["assistance", "product"]) {
      const run = await palma(["list", resource, "--json"], env)
      expect(run.code, run.stderr).toBe(0)
      expect(JSON.parse(run.stdout)).not.toHaveLength(0)
    }
    expect((await palma(["list", "product"], env)).stdout).toMatch(/Asistencia Hogar/)
  })

  it("fileformat template writes the plan's empty workbook, headers in order", async () => {
    const env = await loggedIn(demo.user)
    const { planId, headers } = await seededPlan()
    const output = join(dir, "plantilla.xlsx")
    const run = await palma(["fileformat", "template", planId, "-o", output], env)
    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(output)

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.read(Readable.from([await readFile(output)]))
    const row = workbook.worksheets[0]!.getRow(1)
    expect(headers.map((_, i) => row.getCell(i + 1).value)).toEqual(headers)
  })

  it("product show prints the coverage, and with --retail that retail's prices", async () => {
    const env = await loggedIn(demo.user)
    const admin = clientAs(server.url, await signIn(server.url, demo.admin))
    const retail = (await admin((c) => c.retail.getProductsAndRetail())).find((r) => r.name === "Tiendas Andes")!
    const plan = retail.plans[0]!
    const plain = await palma(["product", "show", plan.product_id], env)
    expect(plain.code, plain.stderr).toBe(0)
    expect(plain.stdout).toMatch(/Servicio\s+Monto/)
    const priced = await palma(["product", "show", plan.product_id, "--retail", retail.id, "--json"], env)
    expect(priced.code, priced.stderr).toBe(0)
    expect(JSON.parse(priced.stdout)).toMatchObject({ productPlan_id: plan.id, agent_name: "Tiendas Andes" })
    // The flag's old name still works for scripts written before, and the help shows only the new one.
    const aliased = await palma(["product", "show", plan.product_id, "--channel", retail.id, "--json"], env)
    expect(aliased.code, aliased.stderr).toBe(0)
    expect(JSON.parse(aliased.stdout)).toMatchObject({ productPlan_id: plan.id, agent_name: "Tiendas Andes" })
    const help = await palma(["product", "show", "--help"], env)
    expect(help.stdout).toContain("--retail <id>")
    expect(help.stdout).not.toContain("--channel")
    expect((await palma(["product", "show", "no-es-un-id"], env)).code).toBe(2)
  })

  it("contract writes the plan's PDF", async () => {
    const env = await loggedIn(demo.user)
    const { planId } = await seededPlan()
    const output = join(dir, "contrato.pdf")
    const run = await palma(["contract", planId, "-o", output], env)
    expect(run.code, run.stderr).toBe(0)
    const bytes = await readFile(output)
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-")
  })

  it("never overwrites a file without --force (exit 2), and does with it", async () => {
    const env = await loggedIn(demo.admin)
    const { planId } = await seededPlan()
    const output = join(dir, "existente.xlsx")
    await writeFile(output, "no tocar")
    const refused = await palma(["fileformat", "template", planId, "-o", output], env)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain("--force")
    expect(await readFile(output, "utf8")).toBe("no tocar")
    expect((await palma(["fileformat", "template", planId, "-o", output, "--force"], env)).code).toBe(0)
    expect((await stat(output)).size).toBeGreaterThan(1000)
  })

  it("exits 2 for a malformed id, 1 for an unknown plan, 3 without a session; writes nothing", async () => {
    const env = await loggedIn(demo.admin)
    const output = join(dir, "nada.xlsx")
    expect((await palma(["fileformat", "template", "no-es-un-id", "-o", output], env)).code).toBe(2)
    const missing = await palma(["fileformat", "template", "00000000-0000-4000-8000-000000000000", "-o", output], env)
    expect(missing.code).toBe(1)
    // An unknown plan, like a plan without format, is a 404 the message names.
    expect(missing.stderr).toMatch(/plan/i)
    const { planId } = await seededPlan()
    const anonymous = { PALMA_CONFIG_DIR: await mkdtemp(join(tmpdir(), "palma-cli-none-")), PALMA_API_URL: server.url }
    expect((await palma(["fileformat", "template", planId, "-o", output], anonymous)).code).toBe(3)
    await expect(stat(output)).rejects.toThrow()
  })
})
