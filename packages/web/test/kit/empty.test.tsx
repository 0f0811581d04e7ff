import { screen } from "@testing-library/react"
import { beforeAll, describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { listOf } from "../masters/masterApi"
import { renderMasters } from "../masters/renderMasters"
import { useRealServer } from "../realServer"

// A server of its own: this file empties the families, which every other list test relies on.
const server = useRealServer()

beforeAll(async () => {
  await server.signIn(admin.email)
  // A family still used cannot be deleted (409): what uses the families goes first, products before the services they cover.
  const ids = async (path: string) => (await server.api<ReadonlyArray<{ id: string }>>("GET", path)).map((row) => row.id)
  await Promise.all((await ids("/api/product/getAll")).map((id) => server.api("DELETE", `/api/product/delete/${id}`)))
  await Promise.all((await ids("/api/assistance/getAll")).map((id) => server.api("DELETE", `/api/assistance/deleteById/${id}`)))
  // Specialists and partners do specialties; one sent to an open case stays active (409), and a completed service cannot be
  // cancelled: the open cases with someone sent are closed first.
  const cases = await server.api<{ data: ReadonlyArray<{ id: string; isClosed: boolean }> }>("GET", "/api/case/getAll?records=5000")
  for (const { id } of cases.data.filter((c) => !c.isClosed)) {
    const current = await server.api<Record<string, { cancel?: boolean } | null>>("GET", `/api/case/getById/${id}`)
    const sent = (["specialist", "alliance"] as const).some((key) => current[key] && !current[key].cancel)
    if (sent) await server.api("POST", `/api/case/${id}/step`, { type: "close", description: "Cerrado para vaciar los maestros" })
  }
  await Promise.all((await ids("/api/specialist/getAll")).map((id) => server.api("DELETE", `/api/specialist/deleteById/${id}`)))
  await Promise.all((await ids("/api/partner/getAll")).map((id) => server.api("DELETE", `/api/partner/deletePartner/${id}`)))
  for (const master of ["value", "document", "specialty", "family"] as const) {
    await Promise.all((await listOf(server, master)).map((row) => server.api("DELETE", `/api/${master}/delete/${row.id}`)))
  }
}, 240_000)

describe("resource list without rows", () => {
  it("says when there is nothing, and offers to create", async () => {
    expect(await listOf(server, "family")).toEqual([])
    const { user } = renderMasters("/masters/family")
    expect(await screen.findByText("No hay registros")).toBeInTheDocument()
    expect(screen.getByText("Aún no hay familias.")).toBeInTheDocument()
    expect(screen.queryByRole("button", { name: "Limpiar filtros" })).not.toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Crear familia" }))
    expect(await screen.findByRole("dialog", { name: "Nueva familia" })).toBeInTheDocument()
  })
})
