import { type HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import { type AuthConfigShape, frontendApiOf } from "../auth/AuthConfig.js"

/** Executable inline scripts of a page: not external (`src`), not data blocks (`type="application/json"`). */
const inlineScripts = /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/json")[^>]*>([\s\S]*?)<\/script>/gi

/** CSP source expressions allowing exactly these inline scripts and no other. */
export const inlineScriptHashes = (html: string): ReadonlyArray<string> =>
  [...html.matchAll(inlineScripts)].map((match) => `'sha256-${createHash("sha256").update(match[1]!).digest("base64")}'`)

/**
 * The policy of every response. No inline script anywhere (pages with a fixed inline script, the
 * API docs, name each one by its hash); inline styles stay allowed because Mantine writes its
 * CSS variables in a `<style>` element. pdf.js runs its worker from our origin; nothing may frame
 * the back-office. In Clerk mode the browser loads Clerk's UI and talks to its Frontend API, with
 * images from Clerk and Cloudflare's bot check.
 */
export const contentSecurityPolicy = (auth: AuthConfigShape, scriptHashes: ReadonlyArray<string> = []): string => {
  const clerkApi = auth.mode === "clerk" ? frontendApiOf(auth.publishableKey) : undefined
  const clerk = clerkApi === undefined ? [] : [`https://${clerkApi}`]
  const botCheck = clerk.length === 0 ? [] : ["https://challenges.cloudflare.com"]
  const directives: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
    ["default-src", ["'self'"]],
    // WebAssembly may compile (the docs' renderer needs it); JavaScript eval stays forbidden.
    ["script-src", ["'self'", "'wasm-unsafe-eval'", ...scriptHashes, ...clerk, ...botCheck]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", ...(clerk.length === 0 ? [] : ["https://img.clerk.com"])]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", ["'self'", ...clerk]],
    ["worker-src", ["'self'", "blob:"]],
    ["frame-src", botCheck.length === 0 ? ["'none'"] : botCheck],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]]
  ]
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ")
}

/** Headers every answer carries, whatever its status or type. */
export const baseHeaders = (options: { readonly https: boolean }): Readonly<Record<string, string>> => ({
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  // Paths can carry ids and, in searches, personal data: they never leave the origin.
  "referrer-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  // Browsers ignore HSTS over http; sent only where the public URL is https so a local http start never pins itself.
  ...(options.https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {})
})

const htmlOf = (response: HttpServerResponse.HttpServerResponse): Uint8Array | undefined =>
  response.body._tag === "Uint8Array" && response.body.contentType.startsWith("text/html") ? response.body.body : undefined

/**
 * What the server does to every response just before writing it (API, static files, docs, errors):
 * adds the security headers. A response that set its own stricter CSP (an uploaded logo's
 * `default-src 'none'`) keeps it. Pages with inline scripts (the docs) are built once, so their
 * policy is computed once per body.
 */
export const securityHeaders = (auth: AuthConfigShape, options: { readonly https: boolean }) => {
  const fixed = baseHeaders(options)
  const policy = contentSecurityPolicy(auth)
  const pagePolicies = new WeakMap<Uint8Array, string>()
  const policyOf = (response: HttpServerResponse.HttpServerResponse) => {
    const html = htmlOf(response)
    if (html === undefined) return policy
    let known = pagePolicies.get(html)
    if (known === undefined) {
      known = contentSecurityPolicy(auth, inlineScriptHashes(new TextDecoder().decode(html)))
      pagePolicies.set(html, known)
    }
    return known
  }
  return (_request: HttpServerRequest.HttpServerRequest, response: HttpServerResponse.HttpServerResponse) =>
    Effect.succeed(
      HttpServerResponse.setHeaders(response, {
        ...fixed,
        "content-security-policy": response.headers["content-security-policy"] ?? policyOf(response)
      })
    )
}
