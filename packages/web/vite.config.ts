import react from "@vitejs/plugin-react"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"
import { appAssets } from "./vite/appAssets"
import { precompress } from "./vite/precompress"
import { signInMarkup } from "./vite/signInMarkup"

const file = (name: string) => fileURLToPath(new URL(name, import.meta.url))

export default defineConfig({
  plugins: [
    react(),
    signInMarkup("sign-in.html", file("src/signIn/signInForm.html"), file("src/signIn/signIn.css")),
    appAssets("sign-in.html", "/index.html"),
    precompress()
  ],
  // In development the API server runs apart; same-origin calls reach it through this proxy.
  server: { proxy: { "/api": "http://localhost:3000" } },
  // Two pages: the app, and the light sign-in page the server sends at /sign-in in local mode (the
  // development server has only the app, whose /sign-in shows the same form).
  build: {
    outDir: "dist",
    rolldownOptions: { input: { app: file("index.html"), signIn: file("sign-in.html") } },
    // The logo is a file both pages share, so the app takes it from the sign-in page's cache. Left
    // to the size limit, whichever page reached it first decided: inlined into the app's script
    // (+1 KB) in one build, a file in the next.
    assetsInlineLimit: (path) => (path.endsWith("palma-logo.svg") ? false : undefined)
  }
})
