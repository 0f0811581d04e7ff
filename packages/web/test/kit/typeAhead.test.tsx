import { MantineProvider } from "@mantine/core"
import { render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { useState } from "react"
import { describe, expect, it, vi } from "vitest"
import { theme } from "../../src/app/theme"
import { TypeAheadSelect } from "../../src/components/TypeAheadSelect"

// The whole list starts with Algarrobo, so a choice replaced by the list's first option shows.
const comunas = [
  { value: "05602", label: "Algarrobo — Valparaíso" },
  { value: "13120", label: "Ñuñoa — Metropolitana de Santiago" },
  { value: "13123", label: "Providencia — Metropolitana de Santiago" },
  { value: "08101", label: "Concepción — Biobío" }
]

const Form = ({ onSubmit }: { readonly onSubmit: () => void }) => {
  const [value, setValue] = useState<string | null>(null)
  return (
    <MantineProvider theme={theme} env="test">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          onSubmit()
        }}
      >
        <TypeAheadSelect label="Comuna" data={comunas} value={value} onChange={setValue} />
        <input aria-label="Después" />
        <output aria-label="Elegida">{value ?? "ninguna"}</output>
        <button type="submit">Continuar</button>
      </form>
    </MantineProvider>
  )
}

const setup = () => {
  const onSubmit = vi.fn()
  render(<Form onSubmit={onSubmit} />)
  return { onSubmit, user: userEvent.setup(), field: screen.getByRole("combobox", { name: "Comuna" }), chosen: screen.getByLabelText("Elegida") }
}

describe("a type-ahead select", () => {
  it("takes the first match of what was typed on Enter, without submitting the form, and keeps it when leaving", async () => {
    const { onSubmit, user, field, chosen } = setup()
    await user.type(field, "nunoa{Enter}")
    expect(chosen).toHaveTextContent("13120")
    expect(onSubmit).not.toHaveBeenCalled()
    await waitFor(() => expect(field).toHaveValue("Ñuñoa — Metropolitana de Santiago"))
    await user.tab()
    expect(screen.getByLabelText("Después")).toHaveFocus()
    expect(chosen).toHaveTextContent("13120")
    expect(field).toHaveValue("Ñuñoa — Metropolitana de Santiago")
  })

  it("takes the first match when the field is left by Tab, accents and case ignored", async () => {
    const { user, field, chosen } = setup()
    await user.type(field, "CONCEPCION")
    await user.tab()
    expect(chosen).toHaveTextContent("08101")
    await waitFor(() => expect(field).toHaveValue("Concepción — Biobío"))
  })

  it("lets Enter submit the form once a choice is made, and refuses to guess when nothing matches", async () => {
    const { onSubmit, user, field, chosen } = setup()
    await user.type(field, "atlantida{Enter}")
    expect(onSubmit).not.toHaveBeenCalled()
    expect(chosen).toHaveTextContent("ninguna")
    await user.clear(field)
    await user.type(field, "provi{Enter}")
    expect(chosen).toHaveTextContent("13123")
    await user.keyboard("{Enter}")
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it("chooses another option with the arrow keys", async () => {
    const { user, field, chosen } = setup()
    await user.type(field, "metropolitana")
    await user.keyboard("{ArrowDown}{Enter}")
    await waitFor(() => expect(chosen).not.toHaveTextContent("ninguna"))
    expect(["13120", "13123"]).toContain(chosen.textContent)
  })
})
