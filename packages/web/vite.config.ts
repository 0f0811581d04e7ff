import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

export default defineConfig({
  plugins: [react()],
  // In development the API server runs apart; same-origin calls reach it through this proxy.
  server: { proxy: { "/api": "http://localhost:3000" } },
  build: { outDir: "dist" }
})
