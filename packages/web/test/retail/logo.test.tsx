import { screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderApp } from "../renderApp"
import { json, startCatalogServer } from "./fakeCatalog"
import { bancoSur, catalog } from "./seed"

const image = (name: string, type: string, size?: number) => {
  const file = new File([new Uint8Array([137, 80, 78, 71])], name, { type })
  if (size !== undefined) Object.defineProperty(file, "size", { value: size })
  return file
}

const openChannel = async () => {
  const server = startCatalogServer(catalog)
  const view = renderApp(`/entities/retail/${bancoSur.id}`)
  await screen.findByRole("region", { name: "Logo" })
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
  return { server, input, ...view }
}

describe("a channel's logo", () => {
  it("refuses a file of 10 MB or more before sending it", async () => {
    const { server, user, input } = await openChannel()
    expect(input).toHaveAttribute("accept", "image/png,image/jpeg,image/gif,image/webp")
    await user.upload(input, image("logo.png", "image/png", 11 * 1024 * 1024))
    expect(await screen.findByText("El logo pesa 11 MB: debe pesar menos de 10 MB")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Subir logo" })).toBeDisabled()
    expect(screen.queryByRole("img", { name: "Vista previa del logo elegido" })).not.toBeInTheDocument()
    expect(server.calls("POST /api/retail/uploadLogo")).toEqual([])
  })

  it("previews the chosen image, uploads it as a form with the channel's id, and shows the new logo", async () => {
    const { server, user, input } = await openChannel()
    const file = image("logo.png", "image/png")
    await user.upload(input, file)
    expect(await screen.findByRole("img", { name: "Vista previa del logo elegido" })).toHaveAttribute("src", expect.stringMatching(/^blob:/))
    await user.click(screen.getByRole("button", { name: "Subir logo" }))
    expect(await screen.findByText("Logo actualizado")).toBeInTheDocument()
    const [upload] = server.calls("POST /api/retail/uploadLogo")
    expect(upload!.form!.get("id")).toBe(bancoSur.id)
    expect((upload!.form!.get("file") as File).name).toBe("logo.png")
    await waitFor(() =>
      expect(screen.getByRole("img", { name: "Logo de Banco Sur" })).toHaveAttribute("src", expect.stringMatching(new RegExp(`^/api/retail/logo/${bancoSur.id}\\?v=`)))
    )
  })

  it("shows the server's message when it refuses the file (400)", async () => {
    const { server, user, input } = await openChannel()
    server.override.set("POST /api/retail/uploadLogo", () =>
      json(400, { _tag: "BadRequest", message: "file: El archivo no es una imagen PNG, JPG, GIF o WEBP", issues: [{ path: ["file"], message: "El archivo no es una imagen PNG, JPG, GIF o WEBP" }] })
    )
    await user.upload(input, image("logo.png", "image/png"))
    await user.click(screen.getByRole("button", { name: "Subir logo" }))
    expect(await screen.findByText("No se pudo subir el logo")).toBeInTheDocument()
    expect(screen.getByText("file: El archivo no es una imagen PNG, JPG, GIF o WEBP")).toBeInTheDocument()
  })

  it("shows the server's message when the file is too large for it (413)", async () => {
    const { server, user, input } = await openChannel()
    server.override.set("POST /api/retail/uploadLogo", () => json(413, { _tag: "PayloadTooLarge", message: "El logo es demasiado grande: el máximo es 10 MB" }))
    await user.upload(input, image("logo.webp", "image/webp"))
    await user.click(screen.getByRole("button", { name: "Subir logo" }))
    expect(await screen.findByText("El logo es demasiado grande: el máximo es 10 MB")).toBeInTheDocument()
  })
})
