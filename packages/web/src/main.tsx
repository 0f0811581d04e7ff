import "@mantine/core/styles.css"
import "@mantine/notifications/styles.css"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./app/App"
void import("./components/pdf/configurePdfWorker") // pdf.js worker from our own assets; own chunk, off the first load

const container = document.getElementById("root")
if (container === null) throw new Error("Falta el elemento #root en index.html")

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>
)
