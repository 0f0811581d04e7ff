import { Context, Effect, Either, Layer, Schema } from "effect"
import {
  CaseChange,
  CaseFacts,
  type CaseMismatch,
  type CasePartVerified,
  type CaseVerifyReport,
  type CaseVerifyRequest,
  foldCase,
  lifecycleOf,
  stageOf
} from "@palma/core/domain"
import { CaseRepo } from "./CaseRepo.js"
import { CaseVerifyRepo, type StoredCaseRow, type StoredEvent } from "./CaseVerifyRepo.js"

/** Cases read and checked at a time by `all`: memory stays flat however many cases there are. */
const batchSize = 200

const decodeChange = Schema.decodeUnknownEither(CaseChange)
const decodeFacts = Schema.decodeUnknownEither(CaseFacts)

/** JSON with its keys sorted: jsonb keeps keys in its own order, so equal facts compare equal this way. */
const canonical = (value: unknown): string =>
  JSON.stringify(JSON.parse(JSON.stringify(value) ?? "null"), (_, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v
  )

/** The keys of two records whose values differ. */
const differingKeys = (stored: Readonly<Record<string, unknown>>, folded: Readonly<Record<string, unknown>>): ReadonlyArray<string> =>
  [...new Set([...Object.keys(stored), ...Object.keys(folded)])].filter((key) => canonical(stored[key]) !== canonical(folded[key]))

/** The stored events replayed: the facts they fold to, or why they do not fold. */
const replay = (events: ReadonlyArray<StoredEvent>): Either.Either<CaseFacts, string> => {
  const changes: Array<CaseChange> = []
  for (const [i, event] of events.entries()) {
    if (event.version !== i + 1) return Either.left(`falta el evento ${i + 1}`)
    const change = decodeChange({ type: event.type, payload: event.payload })
    if (Either.isLeft(change)) return Either.left(`el evento ${event.version} (${event.type}) no se puede leer`)
    if (i === 0 && change.right.type !== "opened") return Either.left("el primer evento no abre el caso")
    changes.push(change.right)
  }
  return changes.length === 0 ? Either.left("el caso no tiene eventos") : Either.right(foldCase(changes))
}

const make = Effect.gen(function* () {
  const repo = yield* CaseVerifyRepo
  const cases = yield* CaseRepo

  /** One case: its events folded again and compared with its stored facts, stage, version and list row. */
  const check = (row: StoredCaseRow, events: ReadonlyArray<StoredEvent>) =>
    Effect.gen(function* () {
      const folded = replay(events)
      if (Either.isLeft(folded)) return { number: row.number, parts: ["events"], details: [folded.left] } satisfies CaseMismatch
      const facts = folded.right
      const parts: Array<CasePartVerified> = []
      const details: Array<string> = []
      if (row.version !== events.length) {
        parts.push("version")
        details.push(`versión guardada ${row.version}, eventos ${events.length}`)
      }
      const storedFacts = decodeFacts(row.state)
      const factKeys = differingKeys(row.state as Record<string, unknown>, facts)
      if (Either.isLeft(storedFacts) || factKeys.length > 0) {
        parts.push("facts")
        details.push(`hechos: ${factKeys.join(", ")}${Either.isLeft(storedFacts) ? " (los guardados no se pueden leer)" : ""}`)
        // Where each puts the case in the lifecycle, when the stored facts read at all.
        const stored = Either.isRight(storedFacts) ? canonical(lifecycleOf(storedFacts.right).value) : null
        const replayed = canonical(lifecycleOf(facts).value)
        if (stored !== null && stored !== replayed) details.push(`ciclo de vida: guardado ${stored}, eventos ${replayed}`)
      }
      const stage = stageOf(facts)
      if (row.stage_code !== stage) {
        parts.push("stage")
        details.push(`etapa guardada ${row.stage_code}, eventos ${stage}`)
      }
      // The list row the writer would store for these facts (its lookups as the writer makes them), the stage apart.
      const { stage_id: _stage, ...columns } = yield* cases.projection(facts, stage)
      const { id: _id, number: _number, version: _version, stage_code: _code, state: _state, ...stored } = row
      const columnKeys = differingKeys(stored, columns)
      if (columnKeys.length > 0) {
        parts.push("row")
        details.push(`fila de la lista: ${columnKeys.join(", ")}`)
      }
      return parts.length === 0 ? null : ({ number: row.number, parts, details } satisfies CaseMismatch)
    })

  /** A batch of stored cases checked against their events: the mismatches among them. */
  const checkRows = (rows: ReadonlyArray<StoredCaseRow>) =>
    Effect.gen(function* () {
      const events = yield* repo.eventsOf(rows.map((r) => r.id))
      const byCase = new Map<string, Array<StoredEvent>>()
      for (const event of events) {
        const list = byCase.get(event.case_id)
        if (list === undefined) byCase.set(event.case_id, [event])
        else list.push(event)
      }
      const found = yield* Effect.forEach(rows, (row) => check(row, byCase.get(row.id) ?? []))
      return found.filter((m) => m !== null)
    })

  const everyCase = Effect.gen(function* () {
    const mismatches: Array<CaseMismatch> = []
    let checked = 0
    let after = 0
    for (;;) {
      const rows = yield* repo.after(after, batchSize)
      if (rows.length === 0) break
      mismatches.push(...(yield* checkRows(rows)))
      checked += rows.length
      after = rows[rows.length - 1]!.number
    }
    return { checked, mismatches, missing: [] } satisfies CaseVerifyReport
  })

  const someCases = (numbers: ReadonlyArray<number>) =>
    Effect.gen(function* () {
      const wanted = [...new Set(numbers)]
      const mismatches: Array<CaseMismatch> = []
      const found = new Set<number>()
      for (let i = 0; i < wanted.length; i += batchSize) {
        const rows = yield* repo.byNumbers(wanted.slice(i, i + batchSize))
        for (const row of rows) found.add(row.number)
        mismatches.push(...(yield* checkRows(rows)))
      }
      return { checked: found.size, mismatches, missing: wanted.filter((n) => !found.has(n)) } satisfies CaseVerifyReport
    })

  /** Reports the cases whose stored projection differs from the fold of their events; fixes nothing. */
  const verify = (request: CaseVerifyRequest): Effect.Effect<CaseVerifyReport> => ("all" in request ? everyCase : someCases(request.numbers))

  return { verify }
})

/** The integrity check of stored cases (issue 32 §6): read-only. */
export class CaseVerifyService extends Context.Tag("palma/CaseVerifyService")<CaseVerifyService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseVerifyService, make).pipe(Layer.provide([CaseVerifyRepo.layer, CaseRepo.layer]))
}
