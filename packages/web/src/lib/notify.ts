import { notifications } from "@mantine/notifications"

/**
 * Toasts for features: `notify.success("Familia creada")`, `notify.error(failure.message)`.
 * The `<Toaster />` in App shows them top right, one at a time (a new one replaces the current),
 * closes each after 5 s, and a swipe right of 50 px or more dismisses one. Built on Mantine
 * notifications, so a plain `notifications.show(...)` behaves the same.
 */
export type ToastKind = "success" | "error" | "info"

const look: Record<ToastKind, { color: string; title: string; role: "status" | "alert" }> = {
  success: { color: "teal", title: "Listo", role: "status" },
  error: { color: "red", title: "Error", role: "alert" },
  info: { color: "blue", title: "Aviso", role: "status" }
}

const show =
  (kind: ToastKind) =>
  (message: string): string =>
    notifications.show({ message, color: look[kind].color, title: look[kind].title, role: look[kind].role })

export const notify = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  /** Closes one toast by the id `notify.*` returned, or every toast. */
  dismiss: (id?: string) => {
    if (id === undefined) notifications.clean()
    else notifications.hide(id)
  }
}
