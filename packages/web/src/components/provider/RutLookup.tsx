import { Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core"
import { Rut } from "@palma/core"
import { useState } from "react"

/**
 * The first step of a new provider (spec §4): its RUT, checked by its módulo 11 digit before
 * anything is sent; `onRut` gets it canonical ("12345678-5") to be looked up.
 */
export const RutLookup = ({ noun, searching, onRut }: { readonly noun: string; readonly searching: boolean; readonly onRut: (rut: string) => void }) => {
  const [text, setText] = useState("")
  const [error, setError] = useState<string | null>(null)
  const submit = () => {
    const canonical = Rut.normalize(text)
    if (canonical === undefined) return setError(text.trim() === "" ? "Ingrese un RUT" : Rut.invalidMessage)
    setError(null)
    setText(Rut.format(canonical))
    onRut(canonical)
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Buscar por RUT">
      <form
        noValidate
        aria-label="Buscar por RUT"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            Buscar por RUT
          </Title>
          <Text size="sm">{`Ingrese el RUT: si ya está registrado se abrirán sus datos; si no, se creará ${noun} con ese RUT.`}</Text>
          <Group align="flex-start" gap="sm">
            <TextInput
              label="RUT"
              required
              autoFocus
              placeholder="12.345.678-5"
              maxLength={20}
              value={text}
              error={error}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: "0 1 16rem" }}
            />
            <Button type="submit" loading={searching} mt={25}>
              Buscar
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
