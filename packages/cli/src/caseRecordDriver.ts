import {
  type Call,
  type CaseStep,
  type CaseStepInput,
  type CaseView,
  type Failure,
  type LoadedCase,
  type Role,
  type StepTaken,
  caseFactsOfView,
  caseRecordActors,
  caseRecordMachine,
  commandOfStep,
  NOT_NOW,
  lifecycleOf,
  refusalOf,
  takeStep
} from "@palma/core"
import { createActor, fromPromise, waitFor } from "xstate"
import { CliError, ExitCode, fromApiFailure } from "./errors.js"

const changed = (number: number, detail: string) =>
  new CliError(`${detail}. Vuelva a leerlo con «palma case show ${number}» antes de decidir.`, ExitCode.changed)

/** A step the server did not take: the lifecycle's refusal (409) is 6, a case changed meanwhile (412) is 7. */
const fromRejection = (failure: Failure, number: number): CliError => {
  if (failure.status === 409) return new CliError(failure.message, ExitCode.refused)
  if (failure.status === 412) return changed(number, `El caso N° ${number} cambió mientras tanto`)
  return fromApiFailure(failure)
}

/**
 * The case page's machine (caseRecord), as the web drives it, for one run of the CLI: it reads the
 * case and offers the lifecycle's steps; a step is PICKed and TAKEn as the web's dialog does. The
 * CLI follows no live feed: it reads, decides and ends. `ifVersion` holds the step to a version the
 * caller read before (a script's optimistic lock); by default, the version just read.
 */
export const openCaseRecord = async (call: Call, number: number, role: Role | null, ifVersion?: number) => {
  const { case_id: id } = await call((c) => c.case.getByNumber({ path: { number } }))
  const actors = caseRecordActors(call)
  const take = fromPromise<LoadedCase, StepTaken>(({ input }) => takeStep(call, { ...input, version: ifVersion ?? input.version }))
  const actor = createActor(caseRecordMachine.provide({ actors: { load: actors.load, take } }), { input: { id, role } }).start()
  const read = await waitFor(actor, (s) => s.matches("failure") || s.matches({ ready: "idle" }))
  if (read.matches("failure")) {
    actor.stop()
    throw fromApiFailure(read.context.failure!)
  }
  const view: CaseView = read.context.loaded!.view

  /** Takes one step, as typed, or says why not with its exit code; the machine stops either way. */
  const step = async (picked: CaseStep, input: CaseStepInput, procedureCode: string | null): Promise<LoadedCase> => {
    try {
      actor.send({ type: "PICK", step: picked })
      if (!actor.getSnapshot().matches({ ready: "confirming" })) {
        // Decided on an older read: the case has moved on, whatever the lifecycle says of it now.
        if (ifVersion !== undefined && ifVersion !== view.version)
          throw changed(number, `El caso N° ${number} está en la versión ${view.version}, no en la ${ifVersion}`)
        const facts = caseFactsOfView(view)
        const refusal = role === null ? null : refusalOf(lifecycleOf(facts), { ...commandOfStep(input, facts, procedureCode), role })
        throw new CliError(refusal ?? NOT_NOW, ExitCode.refused)
      }
      const outcome = new Promise<LoadedCase>((resolve, reject) => {
        actor.on("taken", (event) => resolve(event.record))
        actor.on("rejected", (event) => reject(fromRejection(event.failure, number)))
      })
      actor.send({ type: "TAKE", input })
      return await outcome
    } finally {
      actor.stop()
    }
  }
  return { view, step, stop: () => actor.stop() }
}
