import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { caseMonthOf, monthLabel, yearMonthOf } from "../../src/domain/caseExport.js"
import type { CaseExportQuery } from "../../src/domain/caseExport.js"
import { caseDownloadMachine, type CaseExportCriteria } from "../../src/machines/caseExport.js"

const criteria: CaseExportCriteria = { retail_id: "Todos", case_date: "Hoy", event_date: "Todos", page: 3 }

const run = (count: (q: CaseExportQuery) => Promise<number>, download: (q: CaseExportQuery) => Promise<Uint8Array>) => {
  const actor = createActor(
    caseDownloadMachine.provide({
      actors: {
        count: fromPromise<number, CaseExportQuery>(({ input }) => count(input)),
        download: fromPromise<Uint8Array, CaseExportQuery>(({ input }) => download(input))
      }
    })
  ).start()
  const heard: string[] = []
  actor.on("downloaded", ({ cases, bytes }) => heard.push(`downloaded ${cases} ${bytes.length}`))
  actor.on("rejected", ({ failure }) => heard.push(`rejected ${failure.message}`))
  return { actor, heard }
}

describe("caseDownload machine", () => {
  it("counts, then downloads with the filters (not the preview's page) and hands the bytes over", async () => {
    const asked: CaseExportQuery[] = []
    const { actor, heard } = run(
      async (q) => (asked.push(q), 12),
      async (q) => (asked.push(q), new Uint8Array([1, 2, 3]))
    )
    actor.send({ type: "DOWNLOAD", criteria })
    await waitFor(actor, () => heard.length === 1)
    expect(heard).toEqual(["downloaded 12 3"])
    expect(asked).toEqual([
      { retail_id: "Todos", case_date: "Hoy", event_date: "Todos" },
      { retail_id: "Todos", case_date: "Hoy", event_date: "Todos" }
    ])
    expect(actor.getSnapshot().matches("idle")).toBe(true)
  })

  it("saves nothing when no case matches, and says so until dismissed", async () => {
    let downloads = 0
    const { actor, heard } = run(
      async () => 0,
      async () => (downloads++, new Uint8Array())
    )
    actor.send({ type: "DOWNLOAD", criteria })
    const idle = await waitFor(actor, (s) => s.context.failure !== null)
    expect(idle.context.failure?.message).toBe("No hay casos para exportar con estos filtros.")
    expect(downloads).toBe(0)
    expect(heard).toEqual([])
    actor.send({ type: "DISMISS" })
    expect(actor.getSnapshot().context.failure).toBeNull()
  })

  it("keeps a failed download's message", async () => {
    const { actor, heard } = run(
      async () => 3,
      async () => Promise.reject(Object.assign(new Error("Sin conexión"), { status: 0 }))
    )
    actor.send({ type: "DOWNLOAD", criteria })
    await waitFor(actor, () => heard.length === 1)
    expect(heard[0]).toMatch(/^rejected /)
    expect(actor.getSnapshot().context.failure).not.toBeNull()
  })
})

describe("getAllCaseDates' months", () => {
  it("read back as the month they name, for every month (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2100 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const ym = `${year}-${String(month).padStart(2, "0")}`
        return yearMonthOf(caseMonthOf(ym)) === ym
      })
    )
    expect(caseMonthOf("2024-03")).toEqual({ month: "March    ", year: "2024" })
    expect(monthLabel("2024-09")).toBe("septiembre de 2024")
    expect(yearMonthOf({ month: "Marzo", year: "2024" })).toBeUndefined()
  })
})
