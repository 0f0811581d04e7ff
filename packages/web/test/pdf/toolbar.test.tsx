import { MantineProvider } from "@mantine/core"
import { render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { readFileSync } from "node:fs"
import { StrictMode, useReducer } from "react"
import { describe, expect, it } from "vitest"
import { theme } from "../../src/app/theme"
import { PdfToolbar } from "../../src/components/pdf/PdfToolbar"
import { keyToAction } from "../../src/components/pdf/PdfViewer"
import { documentFile, type PdfSource, pdfFileName, usePdfDownloadHref } from "../../src/components/pdf/pdfSource"
import { initialViewerState, type ViewerAction, viewerReducer } from "../../src/components/pdf/viewerState"
import { fixturePath } from "./paths"

// pdf.js cannot run here (no canvas in happy-dom, and pdfjs-dist 5 needs Promise.withResolvers,
// which Node 20 lacks), so the toolbar is exercised with the viewer's real reducer and download
// link, without react-pdf's Document. The whole viewer is checked in Chromium.
const twoPages = readFileSync(fixturePath("two-pages.pdf"))

const Toolbar = ({ source, title, numPages }: { source: PdfSource; title?: string; numPages?: number }) => {
  const [state, dispatch] = useReducer(viewerReducer, initialViewerState, (initial) =>
    numPages === undefined ? initial : viewerReducer(initial, { type: "loaded", numPages })
  )
  const downloadHref = usePdfDownloadHref(source)
  return <PdfToolbar state={state} dispatch={dispatch} downloadHref={downloadHref} fileName={pdfFileName(title)} />
}

const renderToolbar = (props: Parameters<typeof Toolbar>[0]) => {
  const user = userEvent.setup()
  render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <Toolbar {...props} />
      </MantineProvider>
    </StrictMode>
  )
  return { user, toolbar: screen.getByRole("group", { name: "Controles del documento" }) }
}

describe("the viewer's toolbar", () => {
  it("names every control in Spanish", async () => {
    const { toolbar } = renderToolbar({ source: { url: "/api/files/1.pdf" }, numPages: 2 })
    for (const name of ["Página anterior", "Página siguiente", "Alejar", "Acercar", "Ajustar al ancho"]) {
      expect(within(toolbar).getByRole("button", { name })).toBeInTheDocument()
    }
    expect(within(toolbar).getByRole("link", { name: "Descargar" })).toBeInTheDocument()
    for (const control of [...within(toolbar).getAllByRole("button"), ...within(toolbar).getAllByRole("link")]) {
      expect(control).toHaveAccessibleName()
    }
  })

  it("cannot turn pages or zoom until the document has loaded, but can download", () => {
    const { toolbar } = renderToolbar({ source: { url: "/a.pdf" } })
    expect(toolbar).toHaveTextContent("Página 1 de …")
    for (const name of ["Página anterior", "Página siguiente", "Alejar", "Acercar", "Ajustar al ancho"]) {
      expect(within(toolbar).getByRole("button", { name })).toBeDisabled()
    }
    expect(within(toolbar).getByRole("link", { name: "Descargar" })).toHaveAttribute("href", "/a.pdf")
  })

  it("turns pages and disables the way past either end", async () => {
    const { user, toolbar } = renderToolbar({ source: { url: "/a.pdf" }, numPages: 2 })
    const previous = within(toolbar).getByRole("button", { name: "Página anterior" })
    const next = within(toolbar).getByRole("button", { name: "Página siguiente" })
    expect(toolbar).toHaveTextContent("Página 1 de 2")
    expect(previous).toBeDisabled()

    await user.click(next)
    expect(toolbar).toHaveTextContent("Página 2 de 2")
    expect(next).toBeDisabled()
    expect(previous).toBeEnabled()

    await user.click(previous)
    expect(toolbar).toHaveTextContent("Página 1 de 2")
  })

  it("zooms in and out by steps and goes back to fitting the width", async () => {
    const { user, toolbar } = renderToolbar({ source: { url: "/a.pdf" }, numPages: 1 })
    const fit = within(toolbar).getByRole("button", { name: "Ajustar al ancho" })
    expect(fit).toHaveAttribute("aria-pressed", "true")
    expect(toolbar).toHaveTextContent("Zoom: 100 %")

    await user.click(within(toolbar).getByRole("button", { name: "Acercar" }))
    await user.click(within(toolbar).getByRole("button", { name: "Acercar" }))
    expect(toolbar).toHaveTextContent("Zoom: 150 %")
    expect(fit).toHaveAttribute("aria-pressed", "false")

    await user.click(within(toolbar).getByRole("button", { name: "Alejar" }))
    expect(toolbar).toHaveTextContent("Zoom: 125 %")

    await user.click(fit)
    expect(fit).toHaveAttribute("aria-pressed", "true")
    expect(toolbar).toHaveTextContent("Zoom: 100 %")
  })

  it("downloads a URL source from its URL, named after the title", () => {
    const { toolbar } = renderToolbar({ source: { url: "/api/files/7.pdf" }, title: "Contrato 7/2025" })
    const link = within(toolbar).getByRole("link", { name: "Descargar" })
    expect(link).toHaveAttribute("href", "/api/files/7.pdf")
    expect(link).toHaveAttribute("download", "Contrato 7-2025.pdf")
  })

  it("downloads a base64 source from an object URL over its bytes", async () => {
    const { toolbar } = renderToolbar({ source: { base64: twoPages.toString("base64") }, title: "Contrato" })
    const link = await within(toolbar).findByRole("link", { name: "Descargar" })
    expect(link.getAttribute("href")).toMatch(/^blob:/)
    expect(link).toHaveAttribute("download", "Contrato.pdf")
  })

  it("offers no download for base64 that cannot be decoded", () => {
    const { toolbar } = renderToolbar({ source: { base64: "¡esto no es base64!" } })
    expect(within(toolbar).queryByRole("link", { name: "Descargar" })).not.toBeInTheDocument()
  })
})

describe("keyboard", () => {
  const key = (name: string, modifiers: Partial<Record<"altKey" | "ctrlKey" | "metaKey" | "shiftKey", boolean>> = {}) =>
    keyToAction({ key: name, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...modifiers })

  it("turns pages with the left and right arrows", () => {
    expect(key("ArrowLeft")).toEqual<ViewerAction>({ type: "previous" })
    expect(key("ArrowRight")).toEqual<ViewerAction>({ type: "next" })
  })

  it("leaves other keys and modified arrows to the browser", () => {
    expect(key("ArrowDown")).toBeNull()
    expect(key("a")).toBeNull()
    expect(key("ArrowLeft", { altKey: true })).toBeNull()
    expect(key("ArrowRight", { ctrlKey: true })).toBeNull()
  })
})

describe("what react-pdf is given", () => {
  it("turns base64 into a PDF data URI, with or without a data: prefix", () => {
    expect(documentFile({ base64: "JVBERi0=" })).toBe("data:application/pdf;base64,JVBERi0=")
    expect(documentFile({ base64: " data:application/pdf;base64,JVBERi0=\n" })).toBe("data:application/pdf;base64,JVBERi0=")
    expect(documentFile({ url: "/api/files/1.pdf" })).toBe("/api/files/1.pdf")
  })

  it("names downloads safely", () => {
    expect(pdfFileName()).toBe("documento.pdf")
    expect(pdfFileName("  ")).toBe("documento.pdf")
    expect(pdfFileName("Contrato.PDF")).toBe("Contrato.PDF")
    expect(pdfFileName('a:b*c?"d<e>|f')).toBe("a-b-c-d-e-f.pdf")
  })
})
