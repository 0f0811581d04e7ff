import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { precompress } from "./vite/precompress"

export default defineConfig({
  plugins: [react(), precompress()],
  // In development the API server runs apart; same-origin calls reach it through this proxy.
  server: { proxy: { "/api": "http://localhost:3000" } },
  build: { outDir: "dist" }
})
