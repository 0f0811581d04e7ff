import { Cause, FiberRef, HashMap, HashSet, Inspectable, Layer, Logger, type LogLevel } from "effect"
import { scrub } from "./scrub.js"

export type LogFormat = "text" | "json"

/** Where log lines go: errors to stderr, the rest to stdout (tests pass a sink of their own). */
export type LogSink = (line: string, level: LogLevel.LogLevel) => void

export const consoleSink: LogSink = (line, level) => (level._tag === "Error" || level._tag === "Fatal" ? process.stderr : process.stdout).write(`${line}\n`)

/** Bounds per part, so a line stays short (and a JSON line stays valid JSON) whatever a message holds. */
const MAX_MESSAGE = 1_000
const MAX_FIELD = 200

const bounded = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

const textOf = (message: unknown): string => {
  const parts = Array.isArray(message) ? message : [message]
  return parts.map((part) => (typeof part === "string" ? part : Inspectable.toStringUnknown(part, 0))).join(" ")
}

/**
 * Palma's only logger: every line scrubbed of RUTs, emails and tokens (log/scrub.ts) and bounded
 * in length; one JSON object per line with `PALMA_LOG_FORMAT=json`, else one readable line.
 */
export const palmaLogger = (format: LogFormat, sink: LogSink) =>
  Logger.make(({ annotations, cause, date, logLevel, message }) => {
    const text = bounded(scrub(textOf(message)), MAX_MESSAGE)
    // Only a fault's first line: stacks and SQL parameters stay out of logs.
    const failure = Cause.isEmpty(cause) ? undefined : bounded(scrub(Cause.pretty(cause).split("\n", 1)[0] ?? ""), MAX_MESSAGE)
    const fields = HashMap.reduce(annotations, {} as Record<string, string>, (all, value, key) => ({
      ...all,
      [bounded(key, MAX_FIELD)]: bounded(scrub(textOf(value)), MAX_FIELD)
    }))
    const time = date.toISOString()
    sink(
      format === "json"
        ? JSON.stringify({ time, level: logLevel.label, message: text, ...(failure ? { cause: failure } : {}), ...fields })
        : [time, logLevel.label, text, ...(failure ? [`— ${failure}`] : []), ...Object.entries(fields).map(([key, value]) => `${key}=${value}`)].join(" "),
      logLevel
    )
  })

/**
 * The only logger of everything the server runs: the loggers set before are dropped, not only
 * Effect's default one (NodeRuntime.runMain has already swapped that for its pretty logger, which
 * would print each line a second time in its own format).
 */
export const palmaLoggerLayer = (format: LogFormat, sink: LogSink = consoleSink) =>
  Layer.locallyScoped(FiberRef.currentLoggers, HashSet.make(palmaLogger(format, sink)))
