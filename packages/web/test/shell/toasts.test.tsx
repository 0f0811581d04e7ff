import { MantineProvider } from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { act, fireEvent, render, screen } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { theme } from "../../src/app/theme"
import { Toaster } from "../../src/components/Toaster"
import { notify } from "../../src/lib/notify"

/** Past the exit transition of a replaced or dismissed toast. */
const settle = () => act(() => vi.advanceTimersByTime(400))

const renderToaster = () =>
  render(
    <MantineProvider theme={theme} env="test">
      <Toaster />
    </MantineProvider>
  )

/** The card a person drags. */
const card = (text: string) => screen.getByText(text).closest("[role=status], [role=alert]")!.firstElementChild!

const swipe = (element: Element, from: number, to: number) => {
  fireEvent.pointerDown(element, { pointerId: 1, clientX: from, clientY: 20 })
  fireEvent.pointerMove(element, { pointerId: 1, clientX: (from + to) / 2, clientY: 20 })
  fireEvent.pointerMove(element, { pointerId: 1, clientX: to, clientY: 20 })
  fireEvent.pointerUp(element, { pointerId: 1, clientX: to, clientY: 20 })
}

describe("toasts", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("shows a success as a status and an error as an alert, top right", () => {
    renderToaster()
    act(() => void notify.success("Familia creada"))
    expect(screen.getByRole("status")).toHaveTextContent("Familia creada")
    expect(screen.getByRole("status").closest("[data-position]")).toHaveAttribute("data-position", "top-right")
    act(() => void notify.error("No se pudo guardar"))
    settle()
    expect(screen.getByRole("alert")).toHaveTextContent("No se pudo guardar")
  })

  it("shows one at a time: a new toast replaces the current one", () => {
    renderToaster()
    act(() => void notify.success("Primero"))
    act(() => void notify.error("Segundo"))
    settle()
    expect(screen.queryByText("Primero")).not.toBeInTheDocument()
    expect(screen.getByText("Segundo")).toBeInTheDocument()
    // Also for Mantine's own API, which would otherwise queue it.
    act(() => void notifications.show({ message: "Tercero" }))
    settle()
    expect(screen.queryByText("Segundo")).not.toBeInTheDocument()
    expect(screen.getByText("Tercero")).toBeInTheDocument()
    // And nothing waits behind it.
    act(() => vi.advanceTimersByTime(5_000))
    settle()
    expect(screen.queryByText(/Primero|Segundo|Tercero/)).not.toBeInTheDocument()
  })

  it("closes by itself after 5 seconds", () => {
    renderToaster()
    act(() => void notify.success("Guardado"))
    act(() => vi.advanceTimersByTime(4_900))
    expect(screen.getByText("Guardado")).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(100))
    settle()
    expect(screen.queryByText("Guardado")).not.toBeInTheDocument()
  })

  it("is dismissed by a swipe right of 50 px or more", () => {
    renderToaster()
    act(() => void notify.success("Deslízame"))
    swipe(card("Deslízame"), 100, 150)
    settle()
    expect(screen.queryByText("Deslízame")).not.toBeInTheDocument()
  })

  it("stays after a shorter swipe, or a swipe left", () => {
    renderToaster()
    act(() => void notify.success("Quédate"))
    swipe(card("Quédate"), 100, 149)
    settle()
    expect(screen.getByText("Quédate")).toBeInTheDocument()
    swipe(card("Quédate"), 200, 100)
    settle()
    expect(screen.getByText("Quédate")).toBeInTheDocument()
  })

  it("closes with its close button", () => {
    renderToaster()
    act(() => void notify.info("Aviso breve"))
    fireEvent.click(screen.getByRole("button", { name: "Cerrar aviso" }))
    settle()
    expect(screen.queryByText("Aviso breve")).not.toBeInTheDocument()
  })
})
