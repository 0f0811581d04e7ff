import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { openAs } from "../signedIn"
import { listOf } from "./masterApi"

const server = useRealServer()

describe("master screens in the app", () => {
  it("an admin opens Familias inside the layout, creates one and sees the toast", async () => {
    const { user } = await openAs(server, admin, "/masters/family?search=Ho")
    expect(await screen.findByRole("heading", { level: 1, name: "Familias" })).toBeInTheDocument()
    expect(await screen.findByRole("cell", { name: "Hogar" })).toBeInTheDocument()
    expect(server.calls("GET /api/family/page").at(-1)!.params.get("search")).toBe("Ho")

    await user.click(screen.getByRole("button", { name: "Nueva familia" }))
    const dialog = await screen.findByRole("dialog", { name: "Nueva familia" })
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Hogar Plus{Enter}")
    expect(await screen.findByText("Familia creada")).toBeInTheDocument()
    expect(await screen.findByRole("cell", { name: "Hogar Plus" })).toBeInTheDocument()
    expect((await listOf(server, "family")).map((f) => f.name)).toContain("Hogar Plus")
  })
})
