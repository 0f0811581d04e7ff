import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { sessionCookie } from "@palma/core/api"
import { existsSync, statSync } from "node:fs"
import { extname, join, normalize, resolve, sep } from "node:path"
import { type Coding, preferredCoding } from "./acceptEncoding.js"

const notBuilt = `<!doctype html><html lang="es-CL"><meta charset="utf-8"><title>Palma</title>
<p>La interfaz web no está compilada. Ejecute <code>npx -y pnpm@10 start</code>, que la compila antes de iniciar el servidor.</p></html>`

/** Types of the files the web build precompresses; their compressed copies must keep them. */
const textTypes: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json"
}

/** File suffix of each coding's copy, as the web build writes them (packages/web/vite/precompress.ts). */
const suffixes: Readonly<Record<Coding, string>> = { br: ".br", gzip: ".gz" }

const isFile = (path: string) => existsSync(path) && statSync(path).isFile()

/**
 * A built file, sent as the copy in the coding the client prefers when the build wrote one
 * (brotli, else gzip), with the type of the original. `Vary` tells caches the bytes depend on
 * `Accept-Encoding` whenever a compressed copy exists.
 */
const sendFile = (request: HttpServerRequest.HttpServerRequest, path: string, cacheControl: string) => {
  const type = textTypes[extname(path)]
  const available = type === undefined ? [] : (["br", "gzip"] as const).filter((coding) => isFile(path + suffixes[coding]))
  const coding = preferredCoding(request.headers["accept-encoding"], available)
  const headers: Record<string, string> = { "cache-control": cacheControl }
  if (available.length > 0) headers.vary = "Accept-Encoding"
  if (coding === undefined || type === undefined) return HttpServerResponse.file(path, { headers })
  return HttpServerResponse.file(path + suffixes[coding], { headers: { ...headers, "content-type": type, "content-encoding": coding } })
}

/** The light sign-in page the web build writes beside index.html (packages/web/sign-in.html). */
const signInPage = "sign-in.html"

/** The app's own pages that a signed-out visitor may open: the sign-in and sign-up forms (and Clerk's steps below them). */
const isGuestPage = (pathname: string) => /^\/sign-(in|up)(\/|$)/.test(pathname)

/**
 * Where a signed-out visitor's deep link goes in local mode: the light sign-in page, told to come
 * back (the page honours same-origin paths only). Home needs no `from`: it is where sign-in goes.
 */
const signInFor = (url: URL) => (url.pathname === "/" && url.search === "" ? "/sign-in" : `/sign-in?from=${encodeURIComponent(url.pathname + url.search)}`)

/**
 * Serves the built web app: files from its dist directory, and index.html for
 * any other path so client-side routes survive a reload. Unknown /api paths stay
 * JSON 404s. Hashed assets are cached for a year; the pages never. With `signInPage`
 * (local mode) /sign-in is the light sign-in page; under Clerk it stays the app's
 * route, where Clerk's own form runs.
 *
 * In local mode a visitor without the session cookie is signed out as far as a page can tell (the
 * cookie lives exactly as long as its token), so an app route answers a redirect to the light
 * sign-in page instead of the whole app. That page resumes a session whose token merely lapsed
 * (the refresh cookie reaches only the auth routes, never a page) and continues to `from`. A cookie
 * that is present but no longer valid still gets the app, which asks the server and signs in then.
 */
export const StaticLive = (distDir: string, options: { readonly signInPage: boolean }) =>
  HttpApiBuilder.Router.use((router) =>
    router.get(
      "/*",
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const url = new URL(request.url, "http://x")
        const pathname = decodeURIComponent(url.pathname)
        if (pathname === "/api" || pathname.startsWith("/api/")) {
          return yield* HttpServerResponse.json({ _tag: "NotFound", message: "Ruta de la API inexistente" }, { status: 404 })
        }
        const root = resolve(distDir)
        const index = join(root, "index.html")
        if (!existsSync(index)) return yield* HttpServerResponse.html(notBuilt).pipe(Effect.map(HttpServerResponse.setStatus(503)))
        const candidate = resolve(root, `.${normalize(pathname)}`)
        const inside = candidate === root || candidate.startsWith(root + sep)
        if (inside && isFile(candidate)) {
          // Vite names every file under assets/ by a hash of its content.
          const immutable = candidate.startsWith(join(root, "assets") + sep)
          return yield* sendFile(request, candidate, immutable ? "public, max-age=31536000, immutable" : "no-cache")
        }
        // A missing asset is a 404; anything else is a client-side route.
        if (extname(pathname) !== "") return HttpServerResponse.text("No encontrado", { status: 404 })
        const signIn = join(root, signInPage)
        if (options.signInPage && isFile(signIn)) {
          if (pathname === "/sign-in" || pathname === "/sign-in/") return yield* sendFile(request, signIn, "no-cache")
          if (!isGuestPage(pathname) && !request.cookies[sessionCookie.key])
            return HttpServerResponse.empty({ status: 302, headers: { location: signInFor(url), "cache-control": "no-store" } })
        }
        return yield* sendFile(request, index, "no-cache")
      }).pipe(Effect.orDie)
    )
  ) satisfies Layer.Layer<never>
