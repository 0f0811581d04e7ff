import "@testing-library/jest-dom/vitest"
import { notifications } from "@mantine/notifications"
import { cleanup, configure } from "@testing-library/react"
import { afterEach } from "vitest"

// Every screen test waits on a real server (run in vitest's main process, shared by the files
// running at once) and on lazily loaded routes: on a busy machine an answer can take seconds.
// Each wait still ends as soon as the page shows what it waits for.
configure({ asyncUtilTimeout: 15_000 })

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
  // Toasts live in Mantine's module-level store: no test sees the last one's.
  notifications.clean()
  notifications.cleanQueue()
})
