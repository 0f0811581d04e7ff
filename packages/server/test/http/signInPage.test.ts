import { generateKeyPairSync } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demo, signIn } from "../support/api.js"
import { type RunningServer, startServer } from "../support/startServer.js"

/** A built web app with its two pages, told apart by their titles. */
const dist = mkdtempSync(join(tmpdir(), "palma-dist-"))
writeFileSync(join(dist, "index.html"), `<!doctype html><html lang="es-CL"><title>la app</title></html>`)
writeFileSync(join(dist, "sign-in.html"), `<!doctype html><html lang="es-CL"><title>el ingreso</title></html>`)

const clerkEnv = {
  CLERK_PUBLISHABLE_KEY: `pk_test_${Buffer.from("clerk.palma.example$").toString("base64")}`,
  CLERK_JWT_KEY: generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "pem" }).toString()
}

let local: RunningServer
let clerk: RunningServer

beforeAll(async () => {
  ;[local, clerk] = await Promise.all([startServer({ env: { PALMA_WEB_DIST: dist } }), startServer({ env: { PALMA_WEB_DIST: dist, ...clerkEnv } })])
})
afterAll(async () => {
  await Promise.all([local?.stop(), clerk?.stop()])
  rmSync(dist, { recursive: true, force: true })
})

const page = async (server: RunningServer, path: string, cookie?: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: cookie === undefined ? {} : { cookie } })
  return { status: response.status, cache: response.headers.get("cache-control"), title: /<title>(.*)<\/title>/.exec(await response.text())?.[1] }
}

/** Where a route sends a visitor without following it: the status and the Location header. */
const sentTo = async (server: RunningServer, path: string, cookie?: string) => {
  const response = await fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie === undefined ? {} : { cookie } })
  return { status: response.status, location: response.headers.get("location") }
}

/** The session cookie as the web holds it after signing in: the access token under `__session`. */
const signedIn = async (server: RunningServer) => `__session=${await signIn(server.url, demo.admin)}`

describe("the light sign-in page", () => {
  it("is what /sign-in sends in local mode, never cached; sign-up stays the app's", async () => {
    expect(await page(local, "/sign-in")).toEqual({ status: 200, cache: "no-cache", title: "el ingreso" })
    expect(await page(local, "/sign-in?from=%2Fmasters%2Ffamily")).toMatchObject({ title: "el ingreso" })
    expect(await page(local, "/sign-up")).toMatchObject({ status: 200, title: "la app" })
  })

  it("is where a signed-out deep link goes, told to come back to it", async () => {
    expect(await sentTo(local, "/assistance/case/123")).toEqual({ status: 302, location: "/sign-in?from=%2Fassistance%2Fcase%2F123" })
    expect(await sentTo(local, "/masters/family?q=hogar")).toEqual({ status: 302, location: "/sign-in?from=%2Fmasters%2Ffamily%3Fq%3Dhogar" })
    expect(await sentTo(local, "/")).toEqual({ status: 302, location: "/sign-in" })
    expect(await page(local, "/assistance/case/123")).toMatchObject({ status: 200, title: "el ingreso" })
    // Files are not pages: a missing one stays a 404, and the API answers for itself.
    expect(await sentTo(local, "/missing.js")).toEqual({ status: 404, location: null })
    expect((await sentTo(local, "/api/nothing")).status).toBe(404)
  })

  it("lets someone signed in open the app at any route", async () => {
    const cookie = await signedIn(local)
    expect(await page(local, "/assistance/case/123", cookie)).toMatchObject({ status: 200, cache: "no-cache", title: "la app" })
    expect(await page(local, "/", cookie)).toMatchObject({ status: 200, title: "la app" })
  })

  it("is not used under Clerk: /sign-in and its steps are the app's routes, where Clerk's form runs", async () => {
    expect(await page(clerk, "/sign-in")).toMatchObject({ status: 200, title: "la app" })
    expect(await page(clerk, "/sign-in/factor-one")).toMatchObject({ status: 200, title: "la app" })
    // Clerk's session lives in its own cookies and script: the app decides who is signed in.
    expect(await sentTo(clerk, "/assistance/case/123")).toEqual({ status: 200, location: null })
  })
})
