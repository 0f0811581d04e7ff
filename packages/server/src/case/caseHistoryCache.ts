import type { CaseChange } from "@palma/core/domain"

/** An event of a case, decoded: what `historyOf` reads. */
export interface DecodedEvent {
  readonly version: number
  readonly change: CaseChange
  readonly user_id: string
  readonly at: Date
}

/** Cases whose events are kept at once; the least recently read is dropped past it. */
const MAX_CASES = 1_000

/**
 * What a case's events give, one per event (the decoded events themselves, or what is derived from
 * them), up to a version, kept between reads. Events are append-only and numbered, so what was read
 * up to version v never changes: a read only fetches and decodes the events after it (none when the
 * case is unchanged), whichever process wrote them. Opening a case with a long history, and every
 * watcher re-reading it after each change, then costs its new events.
 */
export const makeCaseHistoryCache = <A extends { readonly version: number } = DecodedEvent>(max = MAX_CASES) => {
  const kept = new Map<string, ReadonlyArray<A>>()
  return {
    /** The version up to which the case's events are kept (0: none). */
    knownVersion: (caseId: string): number => kept.get(caseId)?.at(-1)?.version ?? 0,
    /** What the last kept event gave (none when nothing is kept): what the next ones are derived after. */
    last: (caseId: string): A | undefined => kept.get(caseId)?.at(-1),
    /**
     * The kept events followed by `newer` (read after `knownVersion`), remembered as the case's, up
     * to `version`. Two reads may race: what another one kept meanwhile is not added twice.
     */
    extend: (caseId: string, newer: ReadonlyArray<A>, version: number): ReadonlyArray<A> => {
      const before = kept.get(caseId) ?? []
      const last = before.at(-1)?.version ?? 0
      const added = newer.filter((e) => e.version > last)
      const events = added.length === 0 ? before : [...before, ...added]
      // Re-inserted last: a Map keeps insertion order, so the first key is the least recently read.
      kept.delete(caseId)
      kept.set(caseId, events)
      if (kept.size > max) kept.delete(kept.keys().next().value as string)
      return (events.at(-1)?.version ?? 0) <= version ? events : events.filter((e) => e.version <= version)
    }
  }
}
