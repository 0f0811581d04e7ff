import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderApp } from "../renderApp"
import { startMasterServer } from "./fakeMasters"

describe("master screens in the app", () => {
  it("an admin opens Familias inside the layout, creates one and sees the toast", async () => {
    const server = startMasterServer({ family: [{ name: "Hogar" }] })
    const { user } = renderApp("/masters/family?search=Ho")
    expect(await screen.findByRole("heading", { level: 1, name: "Familias" })).toBeInTheDocument()
    expect(await screen.findByRole("cell", { name: "Hogar" })).toBeInTheDocument()
    expect(server.calls("GET /api/family/page").at(-1)!.params.get("search")).toBe("Ho")

    await user.click(screen.getByRole("button", { name: "Nueva familia" }))
    const dialog = await screen.findByRole("dialog", { name: "Nueva familia" })
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Hogar Plus{Enter}")
    expect(await screen.findByText("Familia creada")).toBeInTheDocument()
    expect(await screen.findByRole("cell", { name: "Hogar Plus" })).toBeInTheDocument()
  })
})
