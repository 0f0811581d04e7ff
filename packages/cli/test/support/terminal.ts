import { PassThrough, Writable } from "node:stream"
import { setTimeout as sleep } from "node:timers/promises"
import { runCli } from "../../src/runCli.js"
import type { Run } from "./palma.js"

// Colours and cursor moves the prompts draw with: a question is read as the text a person sees.
// eslint-disable-next-line no-control-regex
const ansi = /\u001b\[[0-9;?]*[A-Za-z]/g

/** `text` as a regular expression that matches it literally. */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Keys as a terminal sends them. */
export const keys = { enter: "\r", down: "\u001b[B", ctrlC: "\u0003", clearLine: "\u0015" } as const

/**
 * `palma` at a terminal, in this process: what the person reads on stderr as it is written, and a
 * keyboard. `answer` waits for the question before typing, as a person does: keys sent before a
 * prompt exists reach the previous one, or a list not yet narrowed to what was typed.
 */
export const atTerminal = (args: ReadonlyArray<string>, env: Readonly<Record<string, string>>) => {
  const stdin = new PassThrough()
  let stdout = ""
  let stderr = ""
  let ended = false
  // How far the test has read: a question asked again is found again, not where it was first asked.
  let read = 0
  const sink = (keep: (text: string) => void) =>
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        keep(chunk.toString())
        done()
      }
    })
  const screen = () => stderr.replace(ansi, "")
  const exited: Promise<Run> = runCli({
    argv: args,
    env,
    stdin,
    isTTY: true,
    stdout: sink((text) => (stdout += text)),
    stderr: sink((text) => (stderr += text))
  }).then((code) => {
    ended = true
    return { code, stdout, stderr: screen() }
  })

  /** `text`'s first appearance after what was read, if it is there. */
  const seen = (text: string | RegExp): { readonly found: string; readonly end: number } | null => {
    const rest = screen().slice(read)
    if (typeof text === "string") return rest.includes(text) ? { found: text, end: rest.indexOf(text) + text.length } : null
    const match = text.exec(rest)
    return match === null ? null : { found: match[0], end: match.index + match[0].length }
  }

  /** Waits until stderr shows `text` after what was read so far, and says what matched; fails if palma ends first or it takes too long. */
  const waitFor = async (text: string | RegExp, timeoutMs = 20_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const match = seen(text)
      if (match !== null) {
        read += match.end
        return match.found
      }
      if (ended || Date.now() > deadline)
        throw new Error(`«${String(text)}» did not appear on stderr${ended ? " before palma ended" : ""}:\n${screen().slice(read)}`)
      await sleep(20)
    }
  }

  return {
    waitFor,
    /** Waits for the question, then types the keys. */
    answer: async (question: string | RegExp, typed: string) => {
      await waitFor(question)
      stdin.write(typed)
    },
    type: (typed: string) => void stdin.write(typed),
    /** What is on stderr after what was read, the prompts' drawing removed. */
    unread: () => screen().slice(read),
    exited
  }
}
