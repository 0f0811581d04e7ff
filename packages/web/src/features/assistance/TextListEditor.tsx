import { Button, Group, Stack, Text, TextInput } from "@mantine/core"
import type { GetInputPropsReturnType } from "@mantine/form"
import { useState } from "react"
import { OrderedList } from "../../kit"
import type { TextItem } from "./assistanceValues"

export interface TextListEditorProps {
  /** "Beneficios". */
  readonly label: string
  /** Lower case, singular: "beneficio". */
  readonly noun: string
  /** The add box's label: "Nuevo beneficio", "Nueva exclusión". */
  readonly newLabel: string
  readonly items: ReadonlyArray<TextItem>
  /** The input's props of the item at `index` (value, onChange, error). */
  readonly inputProps: (index: number) => GetInputPropsReturnType
  /** The whole list's message (too many items…). */
  readonly error?: string
  readonly maxLength: number
  readonly onAdd: (text: string) => void
  readonly onMove: (from: number, to: number) => void
  readonly onRemove: (index: number) => void
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** An ordered list of short texts: each one editable in place, moved or removed with buttons; new ones added below. */
export const TextListEditor = ({ label, noun, newLabel, items, inputProps, error, maxLength, onAdd, onMove, onRemove }: TextListEditorProps) => {
  const [draft, setDraft] = useState("")
  const add = () => {
    if (draft.trim() === "") return
    onAdd(draft.trim())
    setDraft("")
  }
  return (
    <Stack gap="xs">
      <OrderedList
        label={label}
        items={items}
        keyOf={(item) => item.key}
        nameOf={(_, index) => `${noun} ${index + 1}`}
        render={(_, index) => <TextInput aria-label={`${capitalize(noun)} ${index + 1}`} maxLength={maxLength} {...inputProps(index)} />}
        onMove={onMove}
        onRemove={onRemove}
        empty={`Sin ${label.toLowerCase()}.`}
      />
      {error !== undefined && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={newLabel}
          value={draft}
          maxLength={maxLength}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter adds the item instead of sending the whole form.
            if (e.key === "Enter") {
              e.preventDefault()
              add()
            }
          }}
          style={{ flex: 1 }}
        />
        <Button variant="light" onClick={add} disabled={draft.trim() === ""}>
          Agregar {noun}
        </Button>
      </Group>
    </Stack>
  )
}
