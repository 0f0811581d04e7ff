/** The subset of autocannon 8's programmatic API the bench uses (it ships no types). */
declare module "autocannon" {
  export interface Options {
    readonly url: string
    readonly connections?: number
    readonly duration?: number
    readonly timeout?: number
    readonly headers?: Readonly<Record<string, string>>
    /** Requests each connection cycles through, in order (the people bench rotates search terms). */
    readonly requests?: ReadonlyArray<Request>
  }

  /** One request of a connection's cycle; `context` is the connection's, kept until its cycle restarts. */
  export interface Request {
    readonly method?: "GET" | "POST"
    readonly path: string
    readonly headers?: Readonly<Record<string, string>>
    readonly body?: string
    /** Builds the request about to be sent from the one declared (a write's body and headers). */
    readonly setupRequest?: (request: Request, context: Record<string, unknown>) => Request
    readonly onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Readonly<Record<string, string>>) => void
  }

  export interface Histogram {
    readonly average: number
    readonly mean: number
    readonly stddev: number
    readonly min: number
    readonly max: number
    readonly p50: number
    readonly p90: number
    readonly p97_5: number
    readonly p99: number
  }

  export interface Result {
    readonly url: string
    readonly duration: number
    readonly errors: number
    readonly timeouts: number
    readonly mismatches: number
    readonly non2xx: number
    readonly resets: number
    readonly "2xx": number
    readonly statusCodeStats: Readonly<Record<string, { readonly count: number }>>
    /** Milliseconds per request, whole milliseconds (hdr histogram, lowest discernible value 1). */
    readonly latency: Histogram & { readonly totalCount: number }
    /** Requests per one-second sample. */
    readonly requests: Histogram & { readonly total: number; readonly sent: number }
    /** Bytes per one-second sample. */
    readonly throughput: Histogram & { readonly total: number }
  }

  export default function autocannon(options: Options): Promise<Result>
}
