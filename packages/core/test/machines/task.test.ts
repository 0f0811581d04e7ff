import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiFailure } from "../../src/client/failure.js"
import { type TaskEmitted, taskMachine } from "../../src/machines/task.js"

/** A task whose run the test settles by hand, with everything it announced. */
const started = () => {
  const pending: Array<{ resolve: (value: string) => void; reject: (error: unknown) => void }> = []
  const machine = taskMachine<number, string>().provide({
    actors: { run: fromPromise<string, unknown>(() => new Promise((resolve, reject) => pending.push({ resolve, reject }))) }
  })
  const actor = createActor(machine).start()
  const heard: Array<TaskEmitted<number, string>> = []
  actor.on("*", (event) => heard.push(event))
  return { actor, pending, heard }
}

describe("task machine", () => {
  it("runs with the input, announces the output with it, and is ready again", async () => {
    const { actor, pending, heard } = started()
    actor.send({ type: "RUN", input: 7 })
    expect(actor.getSnapshot().value).toBe("running")
    pending[0]?.resolve("siete")
    await waitFor(actor, (s) => s.matches("idle"))
    expect(heard).toEqual([{ type: "done", input: 7, output: "siete" }])
    expect(actor.getSnapshot().context.failure).toBeNull()
  })

  it("refuses a second RUN while one runs: one call per click", () => {
    const { actor, pending } = started()
    actor.send({ type: "RUN", input: 1 })
    expect(actor.getSnapshot().can({ type: "RUN", input: 2 })).toBe(false)
    actor.send({ type: "RUN", input: 2 })
    expect(pending).toHaveLength(1)
    expect(actor.getSnapshot().context.input).toBe(1)
  })

  it("keeps a failure's message, status and issues until the next run or a dismissal", async () => {
    const { actor, pending, heard } = started()
    actor.send({ type: "RUN", input: 3 })
    const refusal = new ApiFailure({
      tag: "PayloadTooLarge",
      status: 413,
      message: "El archivo supera 10 MB",
      issues: [{ path: ["file"], message: "El archivo supera 10 MB" }]
    })
    pending[0]?.reject(refusal)
    await waitFor(actor, (s) => s.matches("idle"))
    const failure = { message: "El archivo supera 10 MB", status: 413, issues: [{ path: ["file"], message: "El archivo supera 10 MB" }] }
    expect(actor.getSnapshot().context.failure).toEqual(failure)
    expect(heard).toEqual([{ type: "failed", input: 3, failure }])
    actor.send({ type: "RUN", input: 4 })
    expect(actor.getSnapshot().context.failure).toBeNull()
    pending[1]?.reject(refusal)
    await waitFor(actor, (s) => s.matches("idle"))
    actor.send({ type: "DISMISS" })
    expect(actor.getSnapshot().context.failure).toBeNull()
  })

  it("announces exactly one outcome per run, with that run's input, whatever the order of outcomes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.integer(), fc.boolean()), { maxLength: 8 }), async (runs) => {
        const { actor, pending, heard } = started()
        for (const [index, [input, succeeds]] of runs.entries()) {
          actor.send({ type: "RUN", input })
          const settle = pending[index]
          if (succeeds) settle?.resolve(`r${input}`)
          else settle?.reject(new Error("caída"))
          await waitFor(actor, (s) => s.matches("idle"))
        }
        expect(heard.map((e) => [e.type, e.input])).toEqual(runs.map(([input, succeeds]) => [succeeds ? "done" : "failed", input]))
        actor.stop()
      })
    )
  })
})
