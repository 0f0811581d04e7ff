import { Alert, Button, FileInput, Group, Image, Stack, Text } from "@mantine/core"
import { type Call, type Retail } from "@palma/core"
import { useEffect, useState } from "react"
import { useTask } from "../../kit"
import { notify } from "../../lib/notify"
import { RetailLogo } from "./RetailLogo"
import { logoAccept, logoForm, logoProblem } from "./logoFile"

interface LogoSectionProps {
  readonly call: Call
  readonly retail: Retail
  /** Changes after each upload, so the image is fetched again. */
  readonly version: number
  readonly onUploaded: (retail: Retail) => void
}

/** The chosen file's preview address, revoked when another file is chosen or the section goes. */
const usePreview = (file: File | null) => {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (file === null) return
    const href = URL.createObjectURL(file)
    setUrl(href)
    return () => {
      URL.revokeObjectURL(href)
      setUrl(null)
    }
  }, [file])
  return url
}

const withVersion = (src: string | null, version: number) => (src === null || version === 0 ? src : `${src}${src.includes("?") ? "&" : "?"}v=${version}`)

/**
 * A retail's logo: the current one, a file picker (PNG, JPG, GIF or WEBP under 10 MB, checked
 * here before sending), the chosen image's preview, and the upload. The server's refusal (a 400
 * for a file that is not an image, a 413 for a large one) is shown as it says it.
 */
export const LogoSection = ({ call, retail, version, onUploaded }: LogoSectionProps) => {
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const preview = usePreview(problem === null ? file : null)
  const upload = useTask<File, Retail>((chosen) => call((c) => c.retail.uploadLogo({ payload: logoForm(retail.id, chosen) })), {
    done: (saved) => {
      setFile(null)
      onUploaded(saved)
      notify.success("Logo actualizado")
    }
  })

  const choose = (chosen: File | null) => {
    upload.dismiss()
    setFile(chosen)
    setProblem(chosen === null ? null : logoProblem(chosen))
  }

  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="lg">
        <Stack gap={4} align="center">
          <RetailLogo name={retail.name} src={withVersion(retail.logo, version)} size={96} />
          <Text size="xs" c="dimmed">
            {retail.logo === null ? "Sin logo" : "Logo actual"}
          </Text>
        </Stack>
        {preview !== null && (
          <Stack gap={4} align="center">
            <Image src={preview} alt="Vista previa del logo elegido" w={96} h={96} fit="contain" radius="sm" bg="gray.1" />
            <Text size="xs" c="dimmed">
              Vista previa
            </Text>
          </Stack>
        )}
      </Group>
      <Group align="flex-end" gap="sm">
        <FileInput
          label="Archivo del logo"
          description="PNG, JPG, GIF o WEBP, de menos de 10 MB"
          placeholder="Elegir imagen…"
          accept={logoAccept}
          value={file}
          onChange={choose}
          clearable
          clearButtonProps={{ "aria-label": "Quitar archivo elegido" }}
          error={problem}
          style={{ flex: "1 1 18rem", maxWidth: "28rem" }}
        />
        <Button onClick={() => file !== null && upload.run(file)} loading={upload.running} disabled={file === null || problem !== null}>
          Subir logo
        </Button>
      </Group>
      {upload.failure !== null && (
        <Alert color="red" title="No se pudo subir el logo">
          {upload.failure.message}
        </Alert>
      )}
    </Stack>
  )
}
