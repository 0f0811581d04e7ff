import { Notification } from "@mantine/core"
import { type NotificationData, Notifications, notifications, notificationsStore } from "@mantine/notifications"
import { type PointerEvent, useEffect, useRef, useState } from "react"

/** How long a toast stays, in ms. */
export const toastDuration = 5_000
/** A pointer dragged this far right (px) dismisses the toast. */
export const swipeDistance = 50

/** The newest toast replaces the one shown, whoever asked for it (Mantine would queue it). */
const keepNewest = () =>
  notificationsStore.subscribe((state) => {
    if (state.queue.length === 0) return
    notifications.updateState(notificationsStore, (all) => all.slice(-1))
  })

/** The toast host: top right, one at a time, 5 s, swipe right to dismiss. */
export const Toaster = () => {
  useEffect(keepNewest, [])
  return (
    <Notifications
      position="top-right"
      limit={1}
      autoClose={toastDuration}
      // Mantine's own drag needs a third of the width; ours dismisses at 50 px (SwipeableToast).
      allowDragDismiss={false}
      containerWidth={380}
      // Under dialogs (Mantine's modals sit at 200): a toast must never cover a dialog's close button.
      // Dialogs show their own failures inline, and success toasts come as they close.
      zIndex={150}
      renderNotification={(data) => <SwipeableToast data={data} />}
    />
  )
}

const SwipeableToast = ({ data }: { readonly data: NotificationData }) => {
  const [offset, setOffset] = useState(0)
  const start = useRef<{ pointerId: number; x: number } | null>(null)
  const [dragging, setDragging] = useState(false)
  const hide = () => {
    if (data.id !== undefined) notifications.hide(data.id)
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // A press on the close button stays a click.
    if ((event.target as HTMLElement).closest("button") !== null) return
    start.current = { pointerId: event.pointerId, x: event.clientX }
    setDragging(true)
    event.currentTarget.setPointerCapture?.(event.pointerId)
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.pointerId !== event.pointerId) return
    setOffset(Math.max(0, event.clientX - start.current.x))
  }
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.pointerId !== event.pointerId) return
    const distance = event.clientX - start.current.x
    start.current = null
    setDragging(false)
    if (event.type === "pointerup" && distance >= swipeDistance) hide()
    else setOffset(0)
  }

  return (
    <div
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={{
        transform: `translateX(${offset}px)`,
        opacity: 1 - Math.min(offset / 200, 0.6),
        transition: dragging ? "none" : "transform 150ms ease, opacity 150ms ease",
        touchAction: "pan-y",
        cursor: dragging ? "grabbing" : undefined
      }}
    >
      <Notification
        color={data.color}
        title={data.title}
        icon={data.icon}
        loading={data.loading}
        withBorder
        withCloseButton={data.withCloseButton !== false && data.allowClose !== false}
        closeButtonProps={{ "aria-label": "Cerrar aviso" }}
        onClose={hide}
        // The wrapper Mantine renders carries the role (status or alert).
        role="presentation"
      >
        {data.message}
      </Notification>
    </div>
  )
}
