import { ActionIcon, Badge, Group, Text, Tooltip, VisuallyHidden } from "@mantine/core"
import { type ReactNode, useLayoutEffect, useRef, useState } from "react"
import { ArrowDownIcon, ArrowUpIcon, XIcon } from "./icons"

export interface OrderedListProps<T> {
  /** Names the list: "Valores a capturar". */
  readonly label: string
  readonly items: ReadonlyArray<T>
  /** A key that stays with the item while it moves. */
  readonly keyOf: (item: T) => string
  /** The item as its buttons name it: "Subir Patente", "Bajar Patente", "Quitar Patente". */
  readonly nameOf: (item: T, index: number) => string
  /** The item's content beside its position. */
  readonly render: (item: T, index: number) => ReactNode
  readonly onMove: (from: number, to: number) => void
  readonly onRemove: (index: number) => void
  /** Whether an item may be removed (its Quitar is disabled otherwise); every item may by default. */
  readonly removable?: (item: T, index: number) => boolean
  /** Shown while the list is empty. */
  readonly empty: string
}

type Control = "up" | "down" | "remove"

/**
 * An ordered list changed with buttons only (no dragging): each item has Subir, Bajar and Quitar.
 * The focus stays on the moved item (on its other arrow once it reaches an end), and a polite
 * live region says where it went, so the order can be set from the keyboard alone.
 */
export const OrderedList = <T,>({ label, items, keyOf, nameOf, render, onMove, onRemove, removable, empty }: OrderedListProps<T>) => {
  const list = useRef<HTMLOListElement>(null)
  const [focus, setFocus] = useState<{ readonly key: string; readonly control: Control } | null>(null)
  const [announcement, setAnnouncement] = useState("")

  useLayoutEffect(() => {
    if (focus === null || list.current === null) return
    const buttons = [...list.current.querySelectorAll<HTMLButtonElement>("button[data-item]")]
    const find = (key: string, control: Control) => buttons.find((b) => b.dataset.item === key && b.dataset.control === control && !b.disabled)
    const target = find(focus.key, focus.control) ?? find(focus.key, focus.control === "up" ? "down" : "up")
    target?.focus()
    setFocus(null)
  }, [focus, items])

  const move = (index: number, to: number) => {
    const item = items[index]
    if (item === undefined || to < 0 || to >= items.length) return
    onMove(index, to)
    setFocus({ key: keyOf(item), control: to < index ? "up" : "down" })
    setAnnouncement(`${nameOf(item, index)}: posición ${to + 1} de ${items.length}`)
  }

  const remove = (index: number) => {
    const item = items[index]
    if (item === undefined || removable?.(item, index) === false) return
    onRemove(index)
    // The focus goes to the item that takes its place (or the one before it).
    const next = items[index + 1] ?? items[index - 1]
    if (next !== undefined) setFocus({ key: keyOf(next), control: "remove" })
    setAnnouncement(`${nameOf(item, index)} quitado`)
  }

  return (
    <>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <ol ref={list} aria-label={label} style={{ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 6 }}>
          {items.map((item, index) => {
            const key = keyOf(item)
            const name = nameOf(item, index)
            const control = (kind: Control, text: string, disabled: boolean, onClick: () => void, icon: ReactNode, color?: string) => (
              <Tooltip label={text} openDelay={400} withinPortal>
                <ActionIcon
                  variant="subtle"
                  color={color ?? "gray"}
                  aria-label={text}
                  disabled={disabled}
                  onClick={onClick}
                  data-item={key}
                  data-control={kind}
                >
                  {icon}
                </ActionIcon>
              </Tooltip>
            )
            return (
              <Group component="li" key={key} gap="xs" wrap="nowrap" align="flex-start">
                <Badge variant="light" color="gray" mt={6} miw={28} aria-hidden="true">
                  {index + 1}
                </Badge>
                <div style={{ flex: 1, minWidth: 0 }}>{render(item, index)}</div>
                <Group gap={2} wrap="nowrap" mt={2}>
                  {control("up", `Subir ${name}`, index === 0, () => move(index, index - 1), <ArrowUpIcon />)}
                  {control("down", `Bajar ${name}`, index === items.length - 1, () => move(index, index + 1), <ArrowDownIcon />)}
                  {control("remove", `Quitar ${name}`, removable?.(item, index) === false, () => remove(index), <XIcon />, "red")}
                </Group>
              </Group>
            )
          })}
        </ol>
      )}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </>
  )
}
