import { LOGO_MAX_BYTES } from "@palma/core"
import { screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { arranged, retailById, createRetail, pngBytes, signInAdmin } from "./seed"

const server = useRealServer()

/** A file as the picker hands it over; `size` is what the browser reports, whatever the bytes. */
const image = (name: string, type: string, bytes: Uint8Array<ArrayBuffer> = pngBytes, size?: number) => {
  const file = new File([bytes], name, { type })
  if (size !== undefined) Object.defineProperty(file, "size", { value: size })
  return file
}

/** A retail of the test's own, without a logo, open on its page. */
const openRetail = async (rut: string, name: string) => {
  await signInAdmin(server)
  const retail = await createRetail(server, rut, name)
  arranged(server)
  const view = renderApp(`/entities/retail/${retail.id}`)
  await screen.findByRole("region", { name: "Logo" })
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
  return { retail, input, ...view }
}

describe("a retail's logo", () => {
  it("refuses a file of 10 MB or more before sending it", async () => {
    const { retail, user, input } = await openRetail("76222222-1", "Canal Logo Grande")
    expect(input).toHaveAttribute("accept", "image/png,image/jpeg,image/gif,image/webp")
    await user.upload(input, image("logo.png", "image/png", pngBytes, 11 * 1024 * 1024))
    expect(await screen.findByText("El logo pesa 11 MB: debe pesar menos de 10 MB")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Subir logo" })).toBeDisabled()
    expect(screen.queryByRole("img", { name: "Vista previa del logo elegido" })).not.toBeInTheDocument()
    expect(server.calls("POST /api/retail/uploadLogo")).toEqual([])
    expect((await retailById(server, retail.id)).logo).toBeNull()
  })

  it("previews the chosen image, uploads it as a form with the retail's id, and shows the new logo", async () => {
    const { retail, user, input } = await openRetail("76333333-7", "Canal Con Logo")
    await user.upload(input, image("logo.png", "image/png"))
    expect(await screen.findByRole("img", { name: "Vista previa del logo elegido" })).toHaveAttribute("src", expect.stringMatching(/^blob:/))
    await user.click(screen.getByRole("button", { name: "Subir logo" }))
    expect(await screen.findByText("Logo actualizado")).toBeInTheDocument()
    const [upload] = server.calls("POST /api/retail/uploadLogo")
    const form = upload!.body as FormData
    expect(form.get("id")).toBe(retail.id)
    expect((form.get("file") as File).name).toBe("logo.png")
    await waitFor(() =>
      expect(screen.getByRole("img", { name: "Logo de Canal Con Logo" })).toHaveAttribute(
        "src",
        expect.stringMatching(new RegExp(`^/api/retail/logo/${retail.id}\\?v=`))
      )
    )
    // The server took the form's id and file: it serves those bytes as this retail's PNG logo.
    expect((await retailById(server, retail.id)).logo).toBe(`/api/retail/logo/${retail.id}`)
    const served = await fetch(`/api/retail/logo/${retail.id}`)
    expect(served.headers.get("content-type")).toBe("image/png")
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pngBytes)
  })

  it("shows the server's message when it refuses the file (400)", async () => {
    const { retail, user, input } = await openRetail("76444444-2", "Canal Logo Falso")
    // Named and typed as a PNG, which is all the page can check; the server reads the bytes.
    await user.upload(input, image("logo.png", "image/png", new TextEncoder().encode("esto no es una imagen")))
    await user.click(screen.getByRole("button", { name: "Subir logo" }))
    expect(await screen.findByText("No se pudo subir el logo")).toBeInTheDocument()
    // The server's words for people, without the form field's internal name ("file: …").
    expect(screen.getByText("El archivo no es una imagen PNG, JPG, GIF o WEBP")).toBeInTheDocument()
    expect(screen.queryByText(/file:/)).not.toBeInTheDocument()
    expect((await retailById(server, retail.id)).logo).toBeNull()
  })

  it("shows the server's message when the file is too large for it (413)", async () => {
    const { retail, user, input } = await openRetail("76555555-8", "Canal Logo Pesado")
    // The page sends only files under 10 MB; one that reports less than it holds reaches the
    // server's own limit, which reads the bytes.
    const heavy = new Uint8Array(LOGO_MAX_BYTES + 1)
    heavy.set(pngBytes)
    await user.upload(input, image("logo.webp", "image/webp", heavy, 2048))
    await user.click(screen.getByRole("button", { name: "Subir logo" }))
    expect(await screen.findByText("El logo es demasiado grande: el máximo es 10 MB")).toBeInTheDocument()
    expect(server.calls("POST /api/retail/uploadLogo")).toHaveLength(1)
    expect((await retailById(server, retail.id)).logo).toBeNull()
  })
})
