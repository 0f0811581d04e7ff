/** Hands bytes to the browser as a download named `name`. */
export const saveFile = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
  const url = URL.createObjectURL(new Blob([bytes], { type }))
  const link = document.createElement("a")
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
