import ExcelJS from "exceljs"
import { type BulkLoadJob, type FileFormat, formatInstant, Rut, XLSX_CONTENT_TYPE } from "@palma/core"
import { cleanup, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { rutOf } from "../../../server/test/support/catalogFixture"
import { rosterForFormat } from "../../../server/test/support/roster"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"

const server = useRealServer()
afterEach(() => {
  vi.restoreAllMocks()
  localStorage.clear()
})

/** A demo channel's plan with its format, and a roster for it: two good rows and one with a wrong RUT. */
const rosterForDemoPlan = async () => {
  const retails = await server.api<ReadonlyArray<{ id: string; name: string; products: ReadonlyArray<{ productplan_id: string; name: string }> }>>(
    "GET",
    "/api/retail/getProductsAndRetail"
  )
  const retail = retails.find((r) => r.products.length > 0)!
  const plan = retail.products[0]!
  const format = await server.api<FileFormat>("GET", `/api/fileFormat/getByProductPlanId/${plan.productplan_id}`)
  const bytes = await rosterForFormat(
    format,
    [rutOf(17_100_001), rutOf(17_100_002), "11.111.111-2"].map((rut, n) => ({
      rut,
      name: `Persona${n}`,
      paternalLastName: "Carga",
      maternalLastName: "Web",
      birthDate: "01-01-1990",
      address: "Calle 1",
      district: "Ñuñoa",
      email: `p${n}@correo.cl`,
      phone: "+56 9 1234 5678",
      initialDate: "01-01-2026",
      endDate: "31-12-2026"
    }))
  )
  return { retail, plan, file: new File([bytes], "nomina web.xlsx", { type: XLSX_CONTENT_TYPE }) }
}

const fileInput = () => screen.getByRole("region", { name: "Nueva carga" }).querySelector<HTMLInputElement>("input[type=file]")!

/** The admin's review of the demo plan's roster, checked and waiting for confirmation. */
const reviewed = async () => {
  await server.signIn(admin.email, admin.password)
  const { retail, plan, file } = await rosterForDemoPlan()
  const { user } = renderApp(`/uploads-insured?retail=${retail.id}&plan=${plan.productplan_id}`)
  await waitFor(() => expect(screen.getByRole("combobox", { name: "Plan" })).toHaveValue(plan.name))
  await user.upload(fileInput(), file)
  await user.click(screen.getByRole("button", { name: "Revisar archivo" }))
  const panel = await screen.findByRole("region", { name: "Carga en curso" })
  expect(await within(panel).findByText("Listo para cargar", {}, { timeout: 15_000 })).toBeInTheDocument()
  return { user, panel }
}

describe("Carga de asegurados (/uploads-insured)", () => {
  it("checks a roster, shows the diff and the failed row, downloads errores.xlsx, confirms and follows the load to the end", async () => {
    await server.signIn(admin.email, admin.password)
    const { retail, plan, file } = await rosterForDemoPlan()
    const { user } = renderApp(`/uploads-insured?retail=${retail.id}&plan=${plan.productplan_id}`)
    expect(await screen.findByRole("heading", { level: 1, name: "Carga de asegurados" })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Plan" })).toHaveValue(plan.name))
    await user.upload(fileInput(), file)
    await user.click(screen.getByRole("button", { name: "Revisar archivo" }))

    const panel = await screen.findByRole("region", { name: "Carga en curso" })
    expect(await within(panel).findByText("Listo para cargar", {}, { timeout: 15_000 })).toBeInTheDocument()
    const failed = await within(panel).findByRole("table", { name: "Filas con errores" })
    expect(within(failed).getByText(/El RUT no es válido/)).toBeInTheDocument()
    expect(within(failed).getByText("4")).toBeInTheDocument()

    const blobs: Blob[] = []
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => (blobs.push(blob as Blob), "blob:errores"))
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    await user.click(within(panel).getByRole("button", { name: "Descargar errores (errores.xlsx)" }))
    await waitFor(() => expect(clicked.map((a) => a.download)).toEqual(["errores.xlsx"]))
    const errors = new ExcelJS.Workbook()
    await errors.xlsx.load((await blobs[0]!.arrayBuffer()) as ArrayBuffer)
    expect(errors.worksheets[0]!.rowCount).toBe(2)

    await user.click(within(panel).getByRole("button", { name: "Cargar 2 filas" }))
    expect(await within(panel).findByText("Terminado", {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(within(panel).getByText(/3 de 3 filas \(100 %\) · 2 cargadas · 1 con errores/)).toBeInTheDocument()

    const history = await screen.findByRole("table", { name: "Historial de cargas" })
    await waitFor(() => expect(within(history).getAllByText("nomina web.xlsx").length).toBeGreaterThan(0))
    const [job] = (await server.api<{ items: ReadonlyArray<BulkLoadJob> }>("GET", "/api/retail/uploads?pageSize=1")).items
    expect(job).toMatchObject({ status: "done", succeeded: 2, error: 1, fileName: "nomina web.xlsx" })
    expect(within(history).getAllByText(formatInstant(job!.createdAt)).length).toBeGreaterThan(0)
  })

  it("a row for a person already in Palma is «Actualizado», with each field it changes (issue 31 §3.4)", async () => {
    await server.signIn(admin.email, admin.password)
    const { retail, plan } = await rosterForDemoPlan()
    const format = await server.api<FileFormat>("GET", `/api/fileFormat/getByProductPlanId/${plan.productplan_id}`)
    const rut = rutOf(17_100_050)
    const person = { rut, name: "Olga", paternalLastName: "Previa", maternalLastName: "Web", address: "Calle 2", phone: "+56 9 8765 4321" }
    await server.api("POST", "/api/insured/upsert", { ...person, birthDate: "1980-05-01", district: "13101", email: "olga@antes.cl" })
    const bytes = await rosterForFormat(format, [
      { ...person, birthDate: "01-05-1980", district: "Ñuñoa", email: "olga@despues.cl", initialDate: "01-01-2026", endDate: "31-12-2026" }
    ])
    const { user } = renderApp(`/uploads-insured?retail=${retail.id}&plan=${plan.productplan_id}`)
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Plan" })).toHaveValue(plan.name))
    await user.upload(fileInput(), new File([bytes], "conocida.xlsx", { type: XLSX_CONTENT_TYPE }))
    await user.click(screen.getByRole("button", { name: "Revisar archivo" }))

    const panel = await screen.findByRole("region", { name: "Carga en curso" })
    expect(await within(panel).findByText("Listo para cargar", {}, { timeout: 60_000 })).toBeInTheDocument()
    const updated = await within(panel).findByRole("table", { name: "Filas que cambian datos guardados" })
    const row = within(updated)
      .getByRole("cell", { name: Rut.format(rut) })
      .closest("tr")!
    const changes = within(row).getByText(/→/).textContent
    expect(changes).toContain("olga@antes.cl → olga@despues.cl")
    expect(changes).toContain("Santiago → Ñuñoa")
    expect(changes).toContain("Suscripción al plan: ninguna → nueva")
    expect(within(panel).getByText("Nuevos").nextElementSibling).toHaveTextContent("0")
    expect(within(panel).getByText("Actualizados").nextElementSibling).toHaveTextContent("1")
    // Discarded, as a person would leave a review they do not load: no other test meets it waiting.
    await user.click(within(panel).getByRole("button", { name: "Descartar" }))
    expect(await within(panel).findByText("Cancelado")).toBeInTheDocument()
  })

  it("a reload while a checked file waits for confirmation shows the same job again", async () => {
    await server.signIn(admin.email, admin.password)
    const { retail, plan, file } = await rosterForDemoPlan()
    const first = renderApp(`/uploads-insured?retail=${retail.id}&plan=${plan.productplan_id}`)
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Plan" })).toHaveValue(plan.name))
    await first.user.upload(fileInput(), file)
    await first.user.click(screen.getByRole("button", { name: "Revisar archivo" }))
    expect(await screen.findByText("Listo para cargar", {}, { timeout: 15_000 })).toBeInTheDocument()

    cleanup()
    renderApp("/uploads-insured")
    const panel = await screen.findByRole("region", { name: "Carga en curso" })
    expect(await within(panel).findByText("Listo para cargar")).toBeInTheDocument()
    expect(within(panel).getByRole("button", { name: "Cargar 2 filas" })).toBeEnabled()
  })

  it("keeps the upload's journal as the signed-in person's, and forgets it when they sign out", async () => {
    const { user, panel } = await reviewed()
    const { userId } = await server.api<{ userId: string }>("GET", "/api/auth/me")
    const journals = () =>
      [localStorage, sessionStorage].flatMap((s) => Array.from({ length: s.length }, (_, i) => s.key(i))).filter((k) => k?.includes("journal"))
    expect(journals()).toEqual([`palma.journal.bulkLoad.${userId}`])
    await user.click(within(panel).getByRole("button", { name: "Descartar" }))
    expect(await within(panel).findByText("Cancelado")).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Cerrar sesión" }))
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    expect(journals()).toEqual([])
  })

  it("the review lists the plan's insured the file leaves out ten at a time, in póliza order", async () => {
    const { user, panel } = await reviewed()
    const [job] = (await server.api<{ items: ReadonlyArray<BulkLoadJob> }>("GET", "/api/retail/uploads?pageSize=1")).items
    const missing = job!.counts.missing
    expect(missing).toBeGreaterThan(20)

    const polizas = () =>
      within(within(panel).getByRole("table", { name: "Asegurados que no vienen en el archivo" }))
        .getAllByRole("row")
        .slice(1)
        .map((row) => Number(within(row).getAllByRole("cell")[0]!.textContent))
    const listed = await waitFor(() => {
      const shown = polizas()
      expect(shown).toHaveLength(10)
      return shown
    })
    await user.click(within(panel).getByRole("button", { name: "Página siguiente" }))
    expect(await within(panel).findByText(`11–20 de ${new Intl.NumberFormat("es-CL").format(missing)}`)).toBeInTheDocument()
    await waitFor(() => expect(polizas()).not.toEqual(listed))
    listed.push(...polizas())
    expect(listed).toHaveLength(20)
    expect(listed).toEqual([...new Set(listed)].sort((a, b) => a - b))
  })

  it("shows the server's reason for a file whose headers are not the plan's, under the file field", async () => {
    await server.signIn(admin.email, admin.password)
    const { retail, plan } = await rosterForDemoPlan()
    const { user } = renderApp(`/uploads-insured?retail=${retail.id}&plan=${plan.productplan_id}`)
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Plan" })).toHaveValue(plan.name))
    const workbook = new ExcelJS.Workbook()
    workbook.addWorksheet("Hoja").addRow(["Columna", "Otra"])
    const wrong = new File([new Uint8Array(await workbook.xlsx.writeBuffer())], "otra cosa.xlsx", { type: XLSX_CONTENT_TYPE })
    await user.upload(fileInput(), wrong)
    await user.click(screen.getByRole("button", { name: "Revisar archivo" }))
    expect(await screen.findByText(/Faltan columnas obligatorias en el archivo: "/)).toBeInTheDocument()
    expect(screen.queryByRole("region", { name: "Carga en curso" })).not.toBeInTheDocument()
    expect(server.calls("POST /api/retail/addLeadFromExcel")).toHaveLength(1)
  })
})
