import { generateKeyPairSync } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
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

const page = async (server: RunningServer, path: string) => {
  const response = await fetch(`${server.url}${path}`)
  return { status: response.status, cache: response.headers.get("cache-control"), title: /<title>(.*)<\/title>/.exec(await response.text())?.[1] }
}

describe("the light sign-in page", () => {
  it("is what /sign-in sends in local mode, never cached; every other route stays the app", async () => {
    expect(await page(local, "/sign-in")).toEqual({ status: 200, cache: "no-cache", title: "el ingreso" })
    expect(await page(local, "/sign-in?from=%2Fmasters%2Ffamily")).toMatchObject({ title: "el ingreso" })
    expect(await page(local, "/sign-up")).toMatchObject({ status: 200, title: "la app" })
    expect(await page(local, "/masters/family")).toMatchObject({ status: 200, title: "la app" })
  })

  it("is not used under Clerk: /sign-in and its steps are the app's routes, where Clerk's form runs", async () => {
    expect(await page(clerk, "/sign-in")).toMatchObject({ status: 200, title: "la app" })
    expect(await page(clerk, "/sign-in/factor-one")).toMatchObject({ status: 200, title: "la app" })
  })
})
