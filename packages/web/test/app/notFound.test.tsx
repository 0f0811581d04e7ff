import { screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"

useRealServer()

describe("unknown addresses", () => {
  it("says the page does not exist and links home", async () => {
    renderApp("/no-existe")
    expect(await screen.findByRole("heading", { name: "Página no encontrada" })).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Ir al inicio" })).toHaveAttribute("href", "/")
  })
})
