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
  readonly rut: string
  readonly name: string
  readonly district: string
  readonly isRemote?: boolean
  readonly isActive: boolean
  readonly specialties: ReadonlyArray<{ readonly name: string }>
}

describe("palma and the providers (specialists and partners)", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let env: Record<string, string>
  /** A specialist created through the API as an admin, in the original client's spelling. */
  const rosa = { rut: rutOf(15_987_321), id: "" }

  beforeAll(async () => {
    server = await startServer()
    env = { PALMA_CONFIG_DIR: await mkdtemp(join(tmpdir(), "palma-cli-providers-")), PALMA_API_URL: server.url }
    expect((await palma(["login", "--email", demo.user, "--password", "palma-demo"], env)).code).toBe(0)
    const token = await signIn(server.url, demo.admin)
    const response = await fetch(`${server.url}/api/specialist/create`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        rut: Rut.format(rosa.rut),
        name: "Rosa",
        paternalLastName: "Ñúñez",
        maternalLastName: "Araya",
        birthDate: "1980-04-12",
        district: "Ñuñoa",
        phone: "987654321",
        specialties: [{ id: await specialtyId(token, "Cerrajería") }],
        districts: [{ id: "13120", district_name: "Ñuñoa" }, "Providencia"]
      })
    })
    expect(response.status).toBe(200)
    rosa.id = ((await response.json()) as { id: string }).id
  })
  afterAll(async () => {
    await server?.stop()
  })

  const specialtyId = async (token: string, name: string) => {
    const response = await fetch(`${server.url}/api/specialty/getAllSpecialties`, { headers: { authorization: `Bearer ${token}` } })
    const all = (await response.json()) as ReadonlyArray<{ id: string; name: string }>
    return all.find((s) => s.name === name)!.id
  }
  const listed = async (args: ReadonlyArray<string>) => {
    const run = await palma(["list", ...args, "--json"], env)
    expect(run.code, run.stderr).toBe(0)
    return JSON.parse(run.stdout) as ReadonlyArray<Listed>
  }

  it("lists every demo specialist (past one page) and partner, as a table with dotted RUTs, and as CSV", async () => {
    const specialists = await listed(["specialist"])
    expect(specialists.length).toBeGreaterThanOrEqual(55)
    const partners = await listed(["partner"])
    expect(partners.length).toBeGreaterThanOrEqual(15)
    const table = await palma(["list", "specialist"], env)
    expect(table.code).toBe(0)
    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+RUT\s+Nombre\s+Especialidades\s+Comuna/)
    expect(table.stdout).toMatch(/15\.987\.321-\d\s+Rosa Ñúñez Araya\s+Cerrajería\s+Ñuñoa\s+2\s+No/)
    const csv = await palma(["list", "partner", "--csv"], env)
    expect(csv.code).toBe(0)
    expect(csv.stdout.split(/\r?\n/)[0]).toBe("ID,RUT,Nombre,Representante legal,Giro,Especialidades,Comuna,Teléfono,Correo,Activo")
  })

  it("filters specialists by specialty (name or id), comuna, remote work, search and state", async () => {
    const locksmiths = await listed(["specialist", "--specialty", "cerrajeria"])
    expect(locksmiths.map((s) => s.id)).toContain(rosa.id)
    expect(locksmiths.every((s) => s.specialties.some((x) => x.name === "Cerrajería"))).toBe(true)
    expect((await listed(["specialist", "--specialty", "cerrajeria", "--comuna", "providencia"])).map((s) => s.id)).toContain(rosa.id)
    expect((await listed(["specialist", "--comuna", "13101", "--search", "ñúñez"])).map((s) => s.id)).not.toContain(rosa.id)
    expect((await listed(["specialist", "--search", "nunez araya"])).map((s) => s.id)).toEqual([rosa.id])
    const remote = await listed(["specialist", "--remote"])
    expect(remote.length).toBeGreaterThan(0)
    expect(remote.every((s) => s.isRemote)).toBe(true)
    expect((await listed(["specialist", "--no-remote"])).every((s) => !s.isRemote)).toBe(true)
    expect(await listed(["specialist", "--inactive"])).toEqual([])
    expect((await listed(["specialist", "--all"])).length).toBe((await listed(["specialist"])).length)
  })

  it("refuses filters a resource does not take, and unknown specialties, as usage errors (2)", async () => {
    for (const args of [
      ["list", "family", "--search", "x"],
      ["list", "partner", "--comuna", "Ñuñoa"],
      ["list", "partner", "--remote"],
      ["list", "specialist", "--inactive", "--all"],
      ["list", "specialist", "--specialty", "astrología"]
    ]) {
      const run = await palma(args, env)
      expect(run.code, args.join(" ")).toBe(2)
      expect(run.stderr).not.toBe("")
    }
    const comuna = await palma(["list", "specialist", "--comuna", "Gotham"], env)
    expect(comuna.code).toBe(2)
    expect(comuna.stderr).toMatch(/comuna/i)
  })

  it("specialist show <rut> prints the card (RUT with or without dots), --json the API's detail; an unknown RUT fails (1), a bad one is usage (2)", async () => {
    for (const rut of [Rut.format(rosa.rut), rosa.rut.replace("-", "")]) {
      const run = await palma(["specialist", "show", rut], env)
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toContain(`Rosa Ñúñez Araya — ${Rut.format(rosa.rut)}`)
      expect(run.stdout).toContain("Nacimiento: 12-04-1980")
      expect(run.stdout).toContain("Cerrajería")
      expect(run.stdout).toContain("Comunas: Ñuñoa, Providencia")
    }
    const json = await palma(["specialist", "show", rosa.rut, "--json"], env)
    expect(JSON.parse(json.stdout)).toMatchObject({
      id: rosa.id,
      rut: rosa.rut,
      district_id: "13120",
      districts: [{ id: "13120" }, { id: "13123" }]
    })
    const unknown = await palma(["specialist", "show", rutOf(15_987_322)], env)
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain(`No hay un especialista con RUT ${Rut.format(rutOf(15_987_322))}`)
    expect((await palma(["specialist", "show", "15.987.321-0"], env)).code).toBe(2)
  })
})
