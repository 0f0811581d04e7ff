import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { afterEach, describe, expect, it } from "vitest"
import { precompressDir } from "../../vite/precompress"

const dirs: Array<string> = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const builtDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "palma-precompress-"))
  dirs.push(dir)
  mkdirSync(join(dir, "assets"))
  return dir
}

describe("precompressDir (the web build's last step)", () => {
  it("writes brotli and gzip copies of every text file worth it, each decoding to the original", async () => {
    const dir = builtDir()
    const script = "const x = 'Palma';\n".repeat(200)
    const styles = ".a { color: teal }\n".repeat(100)
    writeFileSync(join(dir, "assets", "index-Ab12.js"), script)
    writeFileSync(join(dir, "assets", "index-Cd34.css"), styles)
    writeFileSync(join(dir, "index.html"), `<!doctype html>${"<p>Palma</p>".repeat(100)}`)

    const written = await precompressDir(dir)

    expect(written.length).toBe(3)
    for (const [file, text] of [
      [join(dir, "assets", "index-Ab12.js"), script],
      [join(dir, "assets", "index-Cd34.css"), styles]
    ] as const) {
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(text)
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(text)
      expect(readFileSync(`${file}.br`).length).toBeLessThan(text.length / 10)
    }
  })

  it("leaves small files and images alone", async () => {
    const dir = builtDir()
    writeFileSync(join(dir, "assets", "tiny-Ef56.js"), "export {}\n")
    writeFileSync(join(dir, "assets", "logo-Gh78.png"), Buffer.alloc(4096))
    expect(await precompressDir(dir)).toEqual([])
    expect(existsSync(join(dir, "assets", "tiny-Ef56.js.br"))).toBe(false)
    expect(existsSync(join(dir, "assets", "logo-Gh78.png.gz"))).toBe(false)
  })
})
