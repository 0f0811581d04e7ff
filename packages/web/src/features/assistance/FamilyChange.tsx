import { Button, Group, Paper, Text } from "@mantine/core"
import { useEffect, useId, useRef } from "react"

const count = (n: number, one: string, many: string) => (n === 0 ? null : `${n} ${n === 1 ? one : many}`)

export interface FamilyChangeProps {
  readonly from: string
  readonly to: string
  readonly values: number
  readonly specialties: number
  readonly documents: number
  readonly onConfirm: () => void
  readonly onCancel: () => void
}

/**
 * Asks before a family change drops what was chosen from the old family; the focus goes to
 * the safe choice. Nothing changes until "Cambiar familia".
 */
export const FamilyChange = ({ from, to, values, specialties, documents, onConfirm, onCancel }: FamilyChangeProps) => {
  const id = useId()
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => cancel.current?.focus(), [])
  const lost = [count(values, "valor", "valores"), count(specialties, "especialidad", "especialidades"), count(documents, "documento", "documentos")]
    .filter((s) => s !== null)
    .join(", ")
  return (
    <Paper role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} withBorder p="sm" bg="yellow.0" bd="1px solid yellow.4">
      <Text id={`${id}-title`} fw={700} size="sm">
        ¿Cambiar la familia a {to}?
      </Text>
      <Text id={`${id}-text`} size="sm" mt={4}>
        Los valores, especialidades y documentos son de cada familia: se quitarán los elegidos de {from} ({lost}).
      </Text>
      <Group justify="flex-end" gap="xs" mt="sm">
        <Button ref={cancel} variant="default" size="xs" onClick={onCancel}>
          Mantener {from}
        </Button>
        <Button color="yellow.8" size="xs" onClick={onConfirm}>
          Cambiar familia
        </Button>
      </Group>
    </Paper>
  )
}
