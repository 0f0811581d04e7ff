import { request } from "node:http"

/** One response exactly as an HTTP client without Accept-Encoding receives it. */
export interface Captured {
  readonly status: number
  /** Response headers, minus the per-connection ones Node adds by itself. */
  readonly headers: Readonly<Record<string, string>>
  readonly body: Buffer
}

/** Added by node:http on every response (or per connection), so never replayed. */
const perConnection = new Set(["date", "connection", "keep-alive", "transfer-encoding"])

/**
 * GETs `url` with node:http (not fetch: fetch asks for gzip and decodes it,
 * autocannon does neither), so the bytes are the ones the bench will see.
 */
export const capture = (url: string, headers: Readonly<Record<string, string>>): Promise<Captured> =>
  new Promise((resolve, reject) => {
    const req = request(url, { method: "GET", headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("error", reject)
      res.on("end", () => {
        const kept: Record<string, string> = {}
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined || perConnection.has(name)) continue
          kept[name] = Array.isArray(value) ? value.join(", ") : value
        }
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) })
      })
    })
    req.on("timeout", () => req.destroy(new Error(`GET ${url}: sin respuesta en 10 s`)))
    req.on("error", reject)
    req.end()
  })
