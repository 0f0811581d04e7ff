import { LOGO_MAX_BYTES, logoContentTypes, EMPTY_FILE } from "@palma/core"

/** What the file picker offers: the image types the server takes. */
export const logoAccept = logoContentTypes.join(",")

const extensions = /\.(png|jpe?g|gif|webp)$/i

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toLocaleString("es-CL", { maximumFractionDigits: 1 })

/**
 * Why a chosen file cannot be a logo, before it is sent: not a PNG, JPG, GIF or WEBP image, or
 * 10 MB or more. null when it may go (the server still checks the bytes).
 */
export const logoProblem = (file: File): string | null => {
  const typed = file.type === "" ? extensions.test(file.name) : (logoContentTypes as ReadonlyArray<string>).includes(file.type)
  if (!typed) return "El logo debe ser una imagen PNG, JPG, GIF o WEBP"
  if (file.size === 0) return EMPTY_FILE
  if (file.size >= LOGO_MAX_BYTES) return `El logo pesa ${megabytes(file.size)} MB: debe pesar menos de 10 MB`
  return null
}

/** The multipart form of `POST /api/retail/uploadLogo`: the retail's id and the image. */
export const logoForm = (id: string, file: File): FormData => {
  const form = new FormData()
  form.set("id", id)
  form.set("file", file, file.name)
  return form
}
