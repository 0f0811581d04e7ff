import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { type IncomingHttpHeaders, request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { compressFromBytes } from "../../src/http/compressJson.js"
import { demoTokens } from "../support/api.js"
import { type RunningServer, startServer } from "../support/startServer.js"

/** A built web app as the web build leaves it: a hashed script with its brotli and gzip copies, an image without. */
const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `fila ${i}` })))}\n`
const dist = mkdtempSync(join(tmpdir(), "palma-dist-"))
mkdirSync(join(dist, "assets"))
writeFileSync(
  join(dist, "index.html"),
  `<!doctype html><html lang="es-CL"><title>Palma</title><script type="module" src="/assets/app-Ab12Cd34.js"></script></html>`
)
writeFileSync(join(dist, "assets", "app-Ab12Cd34.js"), script)
writeFileSync(join(dist, "assets", "app-Ab12Cd34.js.br"), brotliCompressSync(script))
writeFileSync(join(dist, "assets", "app-Ab12Cd34.js.gz"), gzipSync(script))
writeFileSync(join(dist, "assets", "logo-Zz99.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]))

let server: RunningServer
let token: string

beforeAll(async () => {
  server = await startServer({ env: { PALMA_WEB_DIST: dist } })
  token = (await demoTokens(server.url)).admin
})
afterAll(async () => {
  await server?.stop()
  rmSync(dist, { recursive: true, force: true })
})

interface Raw {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
}

/** A GET through node:http, which neither adds `Accept-Encoding` nor decodes: the bytes on the wire. */
const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<Raw>((done, fail) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Array<Buffer> = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on("error", fail)
    })
    req.on("error", fail)
    req.end()
  })

const decoded = (raw: Raw): string => {
  const coding = raw.headers["content-encoding"]
  const bytes = coding === "br" ? brotliDecompressSync(raw.body) : coding === "gzip" ? gunzipSync(raw.body) : raw.body
  return bytes.toString("utf8")
}

describe("the web's built files", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0.5, br;q=0.8", "br"],
    ["*", "br"]
  ])("a hashed script asked with `Accept-Encoding: %s` comes as its %s copy, cached for a year", async (accept, coding) => {
    const raw = await get("/assets/app-Ab12Cd34.js", { "accept-encoding": accept })
    expect(raw.status).toBe(200)
    expect(raw.headers["content-encoding"]).toBe(coding)
    expect(raw.headers["content-type"]).toBe("text/javascript; charset=utf-8")
    expect(raw.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
    expect(raw.headers.vary).toBe("Accept-Encoding")
    expect(decoded(raw)).toBe(script)
    // Still under the app's policy.
    expect(raw.headers["content-security-policy"]).toContain("frame-ancestors 'none'")
    expect(raw.headers["x-content-type-options"]).toBe("nosniff")
  })

  it.each<Record<string, string>>([{}, { "accept-encoding": "identity" }, { "accept-encoding": "br;q=0, gzip;q=0" }])(
    "comes as it is to a client that takes no compression (%o)",
    async (headers) => {
      const raw = await get("/assets/app-Ab12Cd34.js", headers)
      expect(raw.headers["content-encoding"]).toBeUndefined()
      expect(raw.headers.vary).toBe("Accept-Encoding")
      expect(raw.body.toString("utf8")).toBe(script)
    }
  )

  it("sends a file the build did not compress as it is, without Vary", async () => {
    const raw = await get("/assets/logo-Zz99.png", { "accept-encoding": "br, gzip" })
    expect(raw.headers["content-encoding"]).toBeUndefined()
    expect(raw.headers.vary).toBeUndefined()
    expect(raw.headers["content-type"]).toBe("image/png")
    expect(raw.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
  })

  it("never lets index.html be cached without asking, at its path or a client route", async () => {
    for (const path of ["/", "/index.html", "/masters/family"]) {
      const raw = await get(path, { "accept-encoding": "br, gzip" })
      expect(raw.status).toBe(200)
      expect(raw.headers["cache-control"]).toBe("no-cache")
      expect(raw.body.toString("utf8")).toContain("/assets/app-Ab12Cd34.js")
    }
  })
})

describe("JSON answers", () => {
  const auth = () => ({ authorization: `Bearer ${token}` })

  it.each(["br", "gzip"])("the comunas come %s-compressed, the same list as uncompressed", async (coding) => {
    const plain = await get("/api/district/listAll", auth())
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect(plain.headers.vary).toBe("Accept-Encoding")
    expect(plain.body.length).toBeGreaterThan(40_000)
    const raw = await get("/api/district/listAll", { ...auth(), "accept-encoding": coding })
    expect(raw.headers["content-encoding"]).toBe(coding)
    expect(raw.headers["content-type"]).toMatch(/^application\/json/)
    expect(raw.body.length).toBeLessThan(plain.body.length / 4)
    expect(JSON.parse(decoded(raw))).toEqual(JSON.parse(plain.body.toString("utf8")))
    // The repeated answer is the same bytes (compressed once, then reused).
    expect((await get("/api/district/listAll", { ...auth(), "accept-encoding": coding })).body).toEqual(raw.body)
  })

  it("a small answer goes as it is", async () => {
    const raw = await get("/api/auth/config", { "accept-encoding": "br, gzip" })
    expect(raw.status).toBe(200)
    expect(raw.body.length).toBeLessThan(compressFromBytes)
    expect(raw.headers["content-encoding"]).toBeUndefined()
  })

  it("the OpenAPI document, large too, comes compressed and whole", async () => {
    const raw = await get("/api/openapi.json", { "accept-encoding": "gzip" })
    expect(raw.headers["content-encoding"]).toBe("gzip")
    expect(JSON.parse(decoded(raw))).toHaveProperty("paths./api/district/listAll")
  })
})
