import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { existsSync, statSync } from "node:fs"
import { extname, join, normalize, resolve, sep } from "node:path"

const notBuilt = `<!doctype html><html lang="es-CL"><meta charset="utf-8"><title>Palma</title>
<p>La interfaz web no está compilada. Ejecute <code>npx -y pnpm@10 start</code>, que la compila antes de iniciar el servidor.</p></html>`

/**
 * Serves the built web app: files from its dist directory, and index.html for
 * any other path so client-side routes survive a reload. Unknown /api paths stay
 * JSON 404s. Hashed assets are cached for a year; index.html never.
 */
export const StaticLive = (distDir: string) =>
  HttpApiBuilder.Router.use((router) =>
    router.get(
      "/*",
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const pathname = decodeURIComponent(new URL(request.url, "http://x").pathname)
        if (pathname === "/api" || pathname.startsWith("/api/")) {
          return yield* HttpServerResponse.json({ _tag: "NotFound", message: "Ruta de la API inexistente" }, { status: 404 })
        }
        const root = resolve(distDir)
        const index = join(root, "index.html")
        if (!existsSync(index)) return yield* HttpServerResponse.html(notBuilt).pipe(Effect.map(HttpServerResponse.setStatus(503)))
        const candidate = resolve(root, `.${normalize(pathname)}`)
        const inside = candidate === root || candidate.startsWith(root + sep)
        const isFile = inside && existsSync(candidate) && statSync(candidate).isFile()
        if (isFile) {
          const immutable = candidate.startsWith(join(root, "assets") + sep)
          return yield* HttpServerResponse.file(candidate, {
            headers: { "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache" }
          })
        }
        // A missing asset is a 404; anything else is a client-side route.
        if (extname(pathname) !== "") return HttpServerResponse.text("No encontrado", { status: 404 })
        return yield* HttpServerResponse.file(index, { headers: { "cache-control": "no-cache" } })
      }).pipe(Effect.orDie)
    )
  ) satisfies Layer.Layer<never>
