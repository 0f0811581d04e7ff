import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { pdfjs } from "react-pdf"
import { describe, expect, it } from "vitest"
import { pdfWorkerSrc } from "../../src/components/pdf/configurePdfWorker"
import { webDist as dist } from "./paths"

describe("pdf.js worker configuration", () => {
  it("points pdf.js at the worker file served by this app, not at another host", () => {
    expect(pdfjs.GlobalWorkerOptions.workerSrc).toBe(pdfWorkerSrc)
    const resolved = new URL(pdfWorkerSrc, location.href)
    expect(resolved.origin).toBe(location.origin)
    expect(pdfWorkerSrc).not.toMatch(/^(https?:)?\/\//)
    expect(resolved.pathname).toMatch(/\/pdf\.worker\.min\.mjs$/)
  })

  it("uses a worker file that exists and is the same pdf.js version as the API (a mismatch refuses every document)", () => {
    // In tests Vite serves files outside the root as /@fs/<absolute path>.
    const file = decodeURIComponent(new URL(pdfWorkerSrc, location.href).pathname).replace(/^\/@fs/, "")
    expect(existsSync(file)).toBe(true)
    const worker = readFileSync(file, "utf8")
    expect(worker).toContain(`"${pdfjs.version}"`)
    expect(worker).toContain("does not match the Worker version")
  })
})

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })

// `pnpm test` builds the web app first; a bare `vitest run` without dist skips this.
describe.skipIf(!existsSync(join(dist, "index.html")))("the built app", () => {
  it("ships the pdf.js worker among its own assets", () => {
    const assets = readdirSync(join(dist, "assets"))
    const worker = assets.find((name) => /^pdf\.worker\.min-[\w-]+\.mjs$/.test(name))
    expect(worker, "dist/assets has no pdf.worker.min-*.mjs: is dist older than the code? (pnpm --filter @palma/web build)").toBeDefined()
  })

  it("references no CDN", () => {
    const offenders = filesUnder(dist).filter((file) => /unpkg\.com|jsdelivr|cdnjs/i.test(readFileSync(file, "latin1")))
    expect(offenders).toEqual([])
  })
})
