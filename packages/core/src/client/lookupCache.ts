import { type Actor, createActor, fromPromise } from "xstate"
import type { Call } from "./caller.js"
import { loadCandidates, loadCandidateSpecialties } from "./caseCandidates.js"
import { loadCaseFilters } from "./caseSearch.js"
import { loadCaseDates } from "../machines/caseExport.js"
import { lookupMachine } from "../machines/lookup.js"

/** How one shared list loads, and which resources' writes make it stale. */
export interface LookupSource<A> {
  /** `param` narrows a list that has one (a family's members); "" otherwise. */
  readonly load: (call: Call, param: string) => Promise<A>
  /** Resource names (`family`, `product`…) whose writes change what the list holds. */
  readonly touchedBy: ReadonlyArray<string>
}

/** The lists many screens share, each read through the contract. */
export const lookupSources = {
  families: { load: (call) => call((c) => c.family.list({ urlParams: {} })), touchedBy: ["family"] },
  valueTypes: { load: (call) => call((c) => c.valueType.list({ urlParams: {} })), touchedBy: ["valueType"] },
  stages: { load: (call) => call((c) => c.stage.list({ urlParams: {} })), touchedBy: ["stage"] },
  relationships: { load: (call) => call((c) => c.relationship.list({ urlParams: {} })), touchedBy: ["relationship"] },
  districts: { load: (call) => call((c) => c.district.listAll()), touchedBy: [] },
  /** Active specialties with their family, by family: what specialists and partners may be given. */
  providerSpecialties: { load: (call) => call((c) => c.specialist.getFamilies()), touchedBy: ["specialty", "family"] },
  // Assistances name their family and members; products name their family and assistances.
  assistances: { load: (call) => call((c) => c.assistance.getAll()), touchedBy: ["assistance", "family", "value", "specialty", "document"] },
  products: { load: (call) => call((c) => c.product.getAll()), touchedBy: ["product", "family", "assistance", "plan", "retail"] },
  retailPlans: { load: (call) => call((c) => c.retail.getProductsAndRetail()), touchedBy: ["retail", "product", "plan"] },
  /** The values, specialties and documents of one family (`param`), for an assistance of it. */
  familyMembers: {
    load: async (call, family_id) => {
      const urlParams = { family_id }
      const [values, specialties, documents] = await Promise.all([
        call((c) => c.value.list({ urlParams })),
        call((c) => c.specialty.list({ urlParams })),
        call((c) => c.document.list({ urlParams }))
      ])
      return { values, specialties, documents }
    },
    touchedBy: ["value", "specialty", "document", "valueType"]
  },
  /** How a case can be resolved (specialist, alliance, refund, IMED), for the case's procedure. */
  procedures: { load: (call) => call((c) => c.procedure.list({ urlParams: {} })), touchedBy: ["procedure"] },
  /** How a provider's work on a case is rated. */
  qualifications: { load: (call) => call((c) => c.qualification.list({ urlParams: {} })), touchedBy: ["qualification"] },
  /** Who can be sent to a case (`candidatesParam`), ranked by open cases: a case written may reorder them. */
  caseCandidates: { load: loadCandidates, touchedBy: ["case", "specialist", "partner", "specialty"] },
  /** A candidate's specialties for the case's assistance (`candidateSpecialtiesParam`). */
  candidateSpecialties: { load: loadCandidateSpecialties, touchedBy: ["specialist", "partner", "specialty"] },
  /** The UF of a day (`param`, YYYY-MM-DD): coverage in UF read in pesos. */
  uf: { load: (call, date) => call((c) => c.uf.valueOn({ path: { date } })), touchedBy: ["uf"] },
  /** The live job tokens (admins): issuing, revoking, or a change to an account (disabling ends its tokens) changes them. */
  jobTokens: { load: (call) => call((c) => c.jobTokens.list()), touchedBy: ["jobToken", "user"] },
  /** The signed-in user's saved case lists. */
  savedViews: { load: (call) => call((c) => c.case.views()), touchedBy: ["savedView"] },
  /** The case list's channels and stages. */
  caseFilters: { load: (call) => loadCaseFilters(call), touchedBy: ["stage", "retail"] },
  /** Every active document type, for a case's attachments. */
  documents: { load: (call) => call((c) => c.document.list({ urlParams: {} })), touchedBy: ["document"] },
  /** The months that have cases, for the export's date filters. */
  caseDates: { load: (call) => loadCaseDates(call), touchedBy: ["case"] },
  /** A plan's contract (`param`), a PDF in base64: opening it again in the session does not render it again. */
  contract: {
    load: (call, productPlan_id) => call((c) => c.product.getContract({ path: { productPlan_id } })),
    touchedBy: ["product", "plan", "retail", "assistance"]
  }
} satisfies Record<string, LookupSource<unknown>>

export type LookupName = keyof typeof lookupSources
export type LookupValue<K extends LookupName> = Awaited<ReturnType<(typeof lookupSources)[K]["load"]>>
export type LookupActor<K extends LookupName> = Actor<ReturnType<typeof lookupMachine<LookupValue<K>>>>

/**
 * One lookup actor per list (and parameter) for a whole session: every screen that needs the
 * families gets the same actor, so the list is fetched once; `touched("family")` after a write
 * makes the lists that hold families stale. `stop()` when the session ends.
 */
export const createLookupCache = (call: Call) => {
  const actors = new Map<string, { readonly name: LookupName; readonly actor: LookupActor<LookupName> }>()
  const actorOf = <K extends LookupName>(name: K, param = ""): LookupActor<K> => {
    const key = `${name}:${param}`
    let entry = actors.get(key)
    if (entry === undefined) {
      // TypeScript does not correlate `lookupSources[name]` with `LookupValue<K>` for a generic K.
      const source = lookupSources[name] as unknown as LookupSource<LookupValue<K>>
      const machine = lookupMachine<LookupValue<K>>().provide({ actors: { load: fromPromise(() => source.load(call, param)) } })
      // Stored under its name; read back as this name's actor below.
      entry = { name, actor: createActor(machine).start() as unknown as LookupActor<LookupName> }
      actors.set(key, entry)
    }
    // The key includes the name, so the entry holds this name's actor.
    return entry.actor as unknown as LookupActor<K>
  }
  return {
    actorOf,
    /** A write to `resource` happened: every list it touches is stale. */
    touched: (resource: string) => {
      for (const { name, actor } of actors.values()) if (lookupSources[name].touchedBy.some((r) => r === resource)) actor.send({ type: "REFRESH" })
    },
    stop: () => {
      for (const { actor } of actors.values()) actor.stop()
      actors.clear()
    }
  }
}

export type LookupCache = ReturnType<typeof createLookupCache>
