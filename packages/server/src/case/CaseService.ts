import { Context, Effect, Layer, Option, Predicate } from "effect"
import {
  type Actor,
  type CaseCommand,
  type CaseDocument,
  type CaseFacts,
  type CaseListQuery,
  type CaseNotice,
  type CaseStepInput,
  chileDateOf,
  commandsBetween,
  decideAll,
  emptyCase,
  lifecycleOf,
  stageOf
} from "@palma/core/domain"
import { Clash, Denied, Invalid, Missing, Stale } from "../domain/errors.js"
import { Districts } from "../district/Districts.js"
import { matchVersion, type Precondition } from "../domain/version.js"
import { Transaction } from "../sql/Transaction.js"
import { CaseIntakeService } from "../caseIntake/CaseIntakeService.js"
import { CaseLead } from "./CaseLead.js"
import { CaseMemo } from "./CaseMemo.js"
import { caseRowOf } from "./caseRow.js"
import { CaseFeed } from "./CaseFeed.js"
import { CaseReferences } from "./CaseReferences.js"
import { type CaseMoved, CaseRepo } from "./CaseRepo.js"
import type { StoredCase } from "./storedCase.js"
import { desiredFacts } from "./caseRequest.js"
import { stepCommand } from "./caseStepCommand.js"
import { makeCaseHistoryCache } from "./caseHistoryCache.js"
import { caseView, type HistoryLine, historyLines, historyOf } from "./caseView.js"
import { CaseViewRepo } from "./CaseViewRepo.js"
import { caseNotFound } from "../domain/messages.js"

const notFound = () => new Missing({ message: caseNotFound })
const caseKeptMoving = "El caso cambió varias veces mientras se adjuntaba el archivo: vuelva a intentarlo"

const make = Effect.gen(function* () {
  const cases = yield* CaseRepo
  const views = yield* CaseViewRepo
  const refs = yield* CaseReferences
  const districts = yield* Districts
  const feed = yield* CaseFeed
  const memo = yield* CaseMemo
  const intake = yield* CaseIntakeService
  const caseLead = yield* CaseLead
  const transaction = (yield* Transaction).withTransaction

  const history = makeCaseHistoryCache<HistoryLine>()

  /**
   * The case as the seed's `getById` answers it, with its version for the ETag: its history's
   * lines kept from earlier reads, and only the events after them read (in the same statement),
   * decoded and derived.
   */
  const getById = (id: string) =>
    Effect.gen(function* () {
      const last = history.last(id)
      const opened = yield* views.open(id, last?.version ?? 0)
      if (Option.isNone(opened)) return yield* Effect.fail(notFound())
      const { stored, names, used, events } = opened.value
      const lines = history.extend(stored.id, historyLines(events, last?.procedure ?? null), stored.version)
      return { row: caseView(stored, names, used, historyOf(lines)), version: stored.version }
    })

  const getByNumber = (number: number) => Effect.flatMap(cases.idOfNumber(number), Option.match({ onNone: () => Effect.fail(notFound()), onSome: getById }))

  /**
   * The case lifecycle decides the commands on the stored case (issue 32): the events appended are
   * the ones it produced, the projection is the facts it reached; a refusal is a 409 with its
   * reason and writes nothing.
   */
  const decided = (facts: CaseFacts, commands: ReadonlyArray<CaseCommand>, actor: Actor) =>
    Effect.gen(function* () {
      const role = actor.role
      if (role === null) return yield* new Denied({ message: "Su cuenta no tiene un rol para trabajar casos" })
      const decision = decideAll(
        lifecycleOf(facts),
        commands.map((c) => ({ ...c, role }))
      )
      if (decision.refusal !== null) return yield* new Clash({ message: decision.refusal })
      return { changes: decision.changes, facts: decision.snapshot.context.facts }
    })

  /** Appends what the commands produce to a stored case, under the acting user; nothing when they produce nothing. */
  const record = (stored: StoredCase, commands: ReadonlyArray<CaseCommand>, actor: Actor) =>
    Effect.gen(function* () {
      const { changes, facts } = yield* decided(stored.facts, commands, actor)
      if (changes.length === 0) return
      yield* cases.append(stored.id, stored.version, changes, facts, stageOf(facts), actor.userId)
    })

  /**
   * The coverage check at the server too, so no client opens an uncovered case unseen: when a
   * case gets its assistance (opened, or the assistance changed), a problem the check finds
   * (no policy, carencia, events or amount used up) needs the operator's reason to go ahead.
   */
  const requireCoverage = (before: CaseFacts, desired: CaseFacts) =>
    Effect.gen(function* () {
      const assistanceId = desired.service.assistance_id
      if (assistanceId === null || assistanceId === before.service.assistance_id || desired.coverageException !== null) return
      const answer = yield* intake.servicesAndValues({
        insured_id: desired.parties.insured_id,
        beneficiary_id: desired.parties.beneficiary_id,
        retail_id: desired.parties.retail_id,
        customer_id: desired.parties.customer_id,
        product_id: desired.service.product_id,
        assistance_id: assistanceId,
        eventDate: desired.event?.date ?? null
      })
      const problems = answer.coverage?.problems ?? []
      if (problems.length > 0) {
        return yield* new Clash({
          message: `Sin cobertura: ${problems.map((p) => p.message).join("; ")}. Para abrir el caso igual, indique el motivo de la excepción.`
        })
      }
    })

  /**
   * A new type-C case (a person no policy covers) names the plan the person takes instead of a
   * subscription: the subscription is opened here, in the case's transaction, as the original did.
   */
  const withApplicantLead = (doc: CaseDocument) =>
    Effect.gen(function* () {
      const insuredId = doc.insured?.id ?? null
      // The original reads the top-level productplan_id; its product section carries the same.
      const planId = doc.productplan_id ?? doc.product?.productPlan_id ?? null
      if (doc.type !== "C" || doc.lead_id !== null || insuredId === null) return doc
      if (planId === null) {
        const message = "Elija el canal y el plan que toma la persona para abrir su caso"
        return yield* new Invalid({ message, issues: [{ path: ["productplan_id"], message }] })
      }
      const leadId = yield* caseLead.forApplicant(insuredId, planId, doc.event?.date ?? chileDateOf(new Date()))
      return { ...doc, lead_id: leadId }
    })

  const found = (id: string) => Effect.flatMap(cases.find(id), Option.match({ onNone: () => Effect.fail(notFound()), onSome: Effect.succeed }))

  /**
   * A write decided on the case as stored, with no transaction held while it is decided: `write`
   * reads what it needs and appends. When another write landed between the read and the append
   * (`CaseMoved`), it is decided again on the newer case, as if it had come second; a request that
   * named the version it saw (If-Match) then meets its 412. Every lost race is another write that
   * landed, so of n writers at once each lands within n tries; a case that keeps moving past ten is a 412.
   */
  const onStored = <A, E, R>(
    id: string,
    precondition: Precondition,
    write: (stored: StoredCase) => Effect.Effect<A, E | CaseMoved, R>
  ): Effect.Effect<A, Exclude<E, CaseMoved> | Missing | Stale, R> =>
    Effect.gen(function* () {
      const stored = yield* found(id)
      yield* matchVersion(stored.version, precondition)
      return yield* write(stored)
    }).pipe(
      Effect.retry({ while: (error) => Predicate.isTagged(error, "CaseMoved"), times: 9 }),
      Effect.catchIf(
        (error): error is CaseMoved => Predicate.isTagged(error, "CaseMoved"),
        () => Effect.fail(new Stale())
      )
    )

  /** A case opened from a document: its number, the applicant's lead when it needs one, its first events. */
  const open = (doc: CaseDocument, actor: Actor) =>
    transaction(
      Effect.gen(function* () {
        const desired = yield* desiredFacts(yield* withApplicantLead(doc), emptyCase(0), refs, districts)
        yield* requireCoverage(emptyCase(0), desired)
        const number = yield* cases.nextNumber
        const opened: CaseCommand = { type: "open", number, applicant: desired.parties.type }
        const { changes, facts } = yield* decided(emptyCase(0), [opened, ...commandsBetween(emptyCase(0), desired)], actor)
        return yield* cases.insert(number, changes, facts, stageOf(facts), actor.userId)
      })
    )

  /**
   * Opens a case (no `case_id`) or records what changed in it: the document is merged over the
   * stored case and the difference becomes the lifecycle's commands, decided and appended stamped
   * with the acting user. A stale `If-Match` is a 412 with nothing written; posting the same
   * document twice adds no event.
   */
  const upsert = (doc: CaseDocument, actor: Actor, precondition: Precondition) =>
    (doc.case_id === null
      ? open(doc, actor)
      : onStored(doc.case_id, precondition, (stored) =>
          Effect.gen(function* () {
            const desired = yield* desiredFacts(doc, stored.facts, refs, districts)
            yield* requireCoverage(stored.facts, desired)
            yield* record(stored, commandsBetween(stored.facts, desired), actor)
            return stored.id
          })
        )
    ).pipe(
      Effect.flatMap(getById),
      Effect.tap(({ row }) => changed({ type: "case", case_id: row.case_id, version: row.version, stage_code: row.stage.code }))
    )

  /**
   * One step on a case (Palma's own `POST /api/case/{case_id}/step`): the step becomes the
   * lifecycle's command, which decides it on the stored case. Only the records the step names are
   * looked up. A stale `If-Match` is a 412 with nothing written.
   */
  const step = (caseId: string, input: CaseStepInput, actor: Actor, precondition: Precondition) =>
    onStored(caseId, precondition, (stored) =>
      Effect.flatMap(stepCommand(input, stored.facts, refs), (command) => Effect.as(record(stored, [command], actor), stored.id))
    ).pipe(
      Effect.flatMap(getById),
      Effect.tap(({ row }) => changed({ type: "case", case_id: row.case_id, version: row.version, stage_code: row.stage.code }))
    )

  /** After a case's write committed: this process's list totals are stale, and every watcher hears of it. */
  const changed = (notice: CaseNotice) => Effect.zipRight(memo.forget, feed.publish(notice))

  /** Tells whoever watches the case that it changed (after a write committed elsewhere, e.g. an upload). */
  const announce = (caseId: string) =>
    Effect.flatMap(cases.find(caseId), (stored) =>
      Option.match(stored, {
        onNone: () => Effect.void,
        onSome: (s) => changed({ type: "case", case_id: s.id, version: s.version, stage_code: stageOf(s.facts) })
      })
    )

  /** Lists a file in the case for a document (replacing that document's earlier one): a `filesSet` event. */
  const recordFile = (caseId: string, file: { readonly document_id: string; readonly file_tag: string }, actor: Actor) =>
    onStored(caseId, undefined, (stored) =>
      // Its own (nested) transaction: inside the upload's, a lost race rolls back to here and is tried again.
      transaction(record(stored, [{ type: "setFiles", files: [...stored.facts.files.filter((f) => f.document_id !== file.document_id), file] }], actor))
    ).pipe(Effect.catchTag("Stale", () => Effect.fail(new Clash({ message: caseKeptMoving }))))

  // The criteria alone name a count (the user too, for `mine`): pages of one filter share it.
  const countOf = ({ records: _records, page: _page, ...criteria }: CaseListQuery, openedBy: string | null) =>
    memo.remember(`count:${JSON.stringify([criteria, openedBy])}`, cases.count(criteria, openedBy))

  /** A page of cases; `mine` narrows to the cases `actor` opened. */
  const list = (query: CaseListQuery, actor: Actor) => {
    const openedBy = query.mine === undefined ? null : actor.userId
    return Effect.map(Effect.all({ rows: cases.page(query, openedBy), total: countOf(query, openedBy) }, { concurrency: 2 }), ({ rows, total }) => {
      const records = query.records ?? Math.max(total, 1)
      return {
        summary: { cases: total },
        pagination: { total: Math.ceil(total / records), page: query.page ?? 1, records },
        data: rows.map(caseRowOf)
      }
    })
  }

  return { getById, getByNumber, upsert, step, recordFile, announce, list, origins: cases.origins, statuses: cases.statuses }
})

/** Assistance cases: the seed's whole-document upsert turned into events, and the reads of the projection. */
export class CaseService extends Context.Tag("palma/CaseService")<CaseService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseService, make).pipe(
    Layer.provide([
      CaseRepo.layer,
      CaseViewRepo.layer,
      CaseReferences.layer,
      Districts.layer,
      CaseFeed.layer,
      CaseIntakeService.layer,
      CaseLead.layer,
      Transaction.layer
    ]),
    Layer.provide(CaseMemo.layer)
  )
}
