import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { eventStreamParser, type StreamEvent } from "../../src/client/eventStream.js"

const read = (chunks: ReadonlyArray<string>) => {
  const events: StreamEvent[] = []
  const retries: number[] = []
  const parser = eventStreamParser({ event: (e) => events.push(e), retry: (ms) => retries.push(ms) })
  for (const chunk of chunks) parser.feed(chunk)
  return { events, retries, lastEventId: parser.lastEventId() }
}

/** `text` cut at the given places, as a network delivers it. */
const cut = (text: string, at: ReadonlyArray<number>) => {
  const points = [...new Set(at.map((p) => p % (text.length + 1)))].sort((a, b) => a - b)
  return [0, ...points].map((from, i) => text.slice(from, points[i] ?? text.length))
}

describe("the event-stream format as EventSource reads it (the CLI's follower)", () => {
  it("reads what Palma's streams send: retry, the start's id without an event, events with their ids, comments", () => {
    const text = 'retry: 3000\n\nevent: position\nid: 7.0\ndata: {"version":7,"chat":0}\n\n: sigue\n\nevent: case\nid: 8.0\ndata: {"v":8}\n\n'
    expect(read([text])).toEqual({
      events: [
        { type: "position", data: '{"version":7,"chat":0}', lastEventId: "7.0" },
        { type: "case", data: '{"v":8}', lastEventId: "8.0" }
      ],
      retries: [3000],
      lastEventId: "8.0"
    })
  })

  it("keeps an id sent on an event without data, and drops an event the connection cut before its end", () => {
    expect(read(["id: 5.2\n\n"])).toEqual({ events: [], retries: [], lastEventId: "5.2" })
    expect(read(["id: 5.2\n\nevent: case\nid: 6.2\ndata: x\n"])).toEqual({ events: [], retries: [], lastEventId: "5.2" })
  })

  it("reads the same events however the bytes are cut, with LF, CR or CRLF line ends (property)", () => {
    const line = fc.string({ unit: fc.constantFrom("a", "b", " ", ":", "{", "é", "1", "."), maxLength: 12 })
    const event = fc.record({
      type: fc.constantFrom("case", "chat", "job", ""),
      data: fc.array(line, { minLength: 1, maxLength: 3 }),
      id: fc.option(fc.stringMatching(/^\d{1,3}\.\d{1,3}$/))
    })
    fc.assert(
      fc.property(fc.array(event, { maxLength: 6 }), fc.constantFrom("\n", "\r", "\r\n"), fc.array(fc.nat(), { maxLength: 8 }), (events, end, at) => {
        const text = events
          .map(
            (e) =>
              [...(e.type === "" ? [] : [`event: ${e.type}`]), ...(e.id === null ? [] : [`id: ${e.id}`]), ...e.data.map((d) => `data: ${d}`), ""].join(end) +
              end
          )
          .join("")
        let lastEventId = ""
        const expected = events.map((e) => {
          lastEventId = e.id ?? lastEventId
          return { type: e.type === "" ? "message" : e.type, data: e.data.join("\n"), lastEventId }
        })
        const parsed = read(cut(text, at))
        expect(parsed.events).toEqual(expected)
        expect(parsed.lastEventId).toBe(lastEventId)
      })
    )
  })
})
