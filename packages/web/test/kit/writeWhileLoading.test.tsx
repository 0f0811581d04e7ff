import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { listOf } from "../masters/masterApi"
import { useRealServer } from "../realServer"
import { openAs } from "../signedIn"

const server = useRealServer()

describe("a save asked while the list is still loading", () => {
  it("goes ahead instead of being dropped without a word, and the list then shows it", async () => {
    // The list's answer is held back: the page stays loading while the person fills the dialog.
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.override.set("GET /api/family/page", async (forward) => {
      await gate
      return forward()
    })
    const { user } = await openAs(server, admin, "/masters/family")
    await user.click(await screen.findByRole("button", { name: "Nueva familia" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Nueva familia" }))
    await user.type(dialog.getByRole("textbox", { name: "Nombre" }), "Familia Apurada{Enter}")
    expect(await screen.findByText("Familia creada")).toBeInTheDocument()
    expect((await listOf(server, "family")).map((f) => f.name)).toContain("Familia Apurada")
    release()
    server.override.delete("GET /api/family/page")
    expect(await screen.findByRole("cell", { name: "Familia Apurada" })).toBeInTheDocument()
  })
})
