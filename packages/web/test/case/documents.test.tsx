import type { CaseView } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { operator } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { findCase } from "./cases"

const server = useRealServer()
afterEach(() => vi.restoreAllMocks())

/** Mantine's FileInput is a button over a hidden file input: the input takes the file. */
const fileInput = () => screen.getByRole("region", { name: "Documentos" }).querySelector<HTMLInputElement>("input[type=file]")!

/** A minimal PDF: the server recognises the type by these bytes, not by the name. */
const pdf = () => new File(["%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"], "informe técnico.pdf", { type: "application/pdf" })

describe("a case's documents", () => {
  it("uploads a PDF by type, lists it in the case and opens it through a fresh signed link", async () => {
    await server.signIn(operator.email, operator.password)
    const view = await findCase(server, null, (v) => !v.status.isClosed)
    const { user } = renderApp(`/assistance/case/${view.case_id}`)
    const section = within(await screen.findByRole("region", { name: "Documentos" }))
    const type = section.getByRole("combobox", { name: "Tipo de documento" })
    await waitFor(() => expect(type).toBeEnabled())
    await user.click(type)
    const option = (await screen.findAllByRole("option"))[0]!
    const documentName = option.textContent ?? ""
    await user.click(option)
    await user.upload(fileInput(), pdf())
    await user.click(section.getByRole("button", { name: "Subir documento" }))
    expect(await screen.findByText("Documento agregado al caso")).toBeInTheDocument()
    const table = within(await section.findByRole("table", { name: "Documentos del caso" }))
    expect(await table.findByText("informe técnico.pdf")).toBeInTheDocument()
    const after = await server.api<CaseView>("GET", `/api/case/getById/${view.case_id}`)
    expect(after.files.map((f) => f.file_tag)).toContain("informe técnico.pdf")
    expect(after.version).toBeGreaterThan(view.version)

    const opened = vi.spyOn(window, "open").mockReturnValue(null)
    await user.click(table.getByRole("button", { name: `Ver ${documentName}` }))
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1))
    const [url, target] = opened.mock.calls[0]!
    // The link is absolute, on the public origin (PALMA_PUBLIC_URL); the test's server answers it on its own port.
    const link = new URL(String(url))
    expect(link.origin).toBe("http://localhost:3000")
    expect(link.pathname).toMatch(/^\/api\/case\/file\/[A-Za-z0-9_.-]+$/)
    expect(target).toBe("_blank")
    const bytes = await fetch(new URL(link.pathname, server.url)).then((r) => r.text())
    expect(bytes.startsWith("%PDF")).toBe(true)
  })

  it("refuses a file over 10 MB before sending it (the picker offers only PDFs and images)", async () => {
    await server.signIn(operator.email, operator.password)
    const view = await findCase(server, null, (v) => !v.status.isClosed)
    const { user } = renderApp(`/assistance/case/${view.case_id}`)
    const section = within(await screen.findByRole("region", { name: "Documentos" }))
    expect(fileInput().accept).toBe("application/pdf,image/png,image/jpeg,image/gif,image/webp")
    await user.upload(fileInput(), new File([new Uint8Array(10 * 1024 * 1024 + 1)], "grande.pdf", { type: "application/pdf" }))
    expect(await section.findByText(/supera el máximo de 10 MB/)).toBeInTheDocument()
    expect(section.getByRole("button", { name: "Subir documento" })).toBeDisabled()
    expect(server.calls("POST /api/case/uploadDocument")).toHaveLength(0)
  })
})
