import "@testing-library/jest-dom/vitest"
import { notifications } from "@mantine/notifications"
import { cleanup } from "@testing-library/react"
import { afterEach } from "vitest"

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup()
  localStorage.clear()
  // Toasts live in Mantine's module-level store: no test sees the last one's.
  notifications.clean()
  notifications.cleanQueue()
})
