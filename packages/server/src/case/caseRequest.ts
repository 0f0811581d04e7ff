import { Effect, Option } from "effect"
import { type CaseAssignment, type CaseDocument, type CaseFacts, chileDateOf } from "@palma/core/domain"
import type { DistrictsShape } from "../district/Districts.js"
import { type CaseReferences, invalid, unknownReference } from "./CaseReferences.js"
import type { LeadTerms } from "./CaseReferencesRepo.js"
import { subscriptionNotFound } from "../domain/messages.js"

type References = Effect.Effect.Success<typeof CaseReferences>

/** Whether a posted section is the stored one (then its references were checked when it was written). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
type Assignable = NonNullable<CaseDocument["specialist"]> | NonNullable<CaseDocument["alliance"]>

/** The posted assignment over the stored one: what the document leaves null stays as it was. */
const assignmentOf = (
  providerId: string | null,
  posted: Assignable | null,
  current: CaseAssignment | null,
  districtId: string | null
): CaseAssignment | null => {
  if (posted === null || providerId === null) return current
  const same = current !== null && current.provider_id === providerId
  const keep = <K extends keyof CaseAssignment>(key: K, fallback: CaseAssignment[K]): CaseAssignment[K] => (same ? current[key] : fallback)
  return {
    provider_id: providerId,
    specialty_id: posted.specialty_id ?? keep("specialty_id", null),
    district_id: districtId ?? keep("district_id", null),
    scheduled_date: posted.scheduled_date ?? keep("scheduled_date", null),
    scheduled_time: posted.scheduled_time ?? keep("scheduled_time", null),
    confirmed: posted.confirmed ?? keep("confirmed", false),
    completed: posted.completed ?? keep("completed", false),
    cancel: posted.cancel ?? keep("cancel", false),
    qualification_id: posted.qualification_id ?? keep("qualification_id", null),
    comment: posted.comment ?? keep("comment", "")
  }
}

/**
 * The case a posted document asks for, merged over the stored one (`current`): a section the
 * document leaves out or sends as null stays as stored. Only what the document changes is looked
 * up: what is stored was checked when it was written. The subscription decides who pays, the
 * channel, the product and the plan; every id the document names must exist and belong where it
 * is put, else a Spanish 400 naming the field.
 */
export const desiredFacts = (doc: CaseDocument, current: CaseFacts, refs: References, districts: DistrictsShape) =>
  Effect.gen(function* () {
    const insuredId = doc.insured?.id ?? current.parties.insured_id
    if (insuredId === null) return yield* invalid(["insured", "id"], "Indique el titular del caso (busque a la persona por su RUT)")
    const beneficiaryId = doc.beneficiary === null ? current.parties.beneficiary_id : (doc.beneficiary.id ?? null)
    const type = doc.type ?? (beneficiaryId === null ? "I" : "B")
    if (type === "B" && beneficiaryId === null) return yield* invalid(["beneficiary", "id"], "Indique la carga que solicita")

    const eventDate = doc.event?.date ?? current.event?.date ?? chileDateOf(new Date())
    const leadId = doc.lead_id ?? current.service.lead_id
    const productId = doc.product?.id ?? current.service.product_id
    const retailId = doc.retail?.id ?? current.parties.retail_id
    const { service, parties } = current
    // The stored subscription is as it was checked when written: only a new one is looked up.
    const kept: LeadTerms | null =
      leadId !== null &&
      leadId === service.lead_id &&
      service.product_id !== null &&
      service.productPlan_id !== null &&
      parties.customer_id !== null &&
      parties.retail_id !== null
        ? { id: leadId, customer_id: parties.customer_id, retail_id: parties.retail_id, product_id: service.product_id, productPlan_id: service.productPlan_id }
        : null
    const lead =
      kept !== null
        ? kept
        : leadId !== null
          ? yield* Effect.flatMap(
              refs.lead(leadId),
              Option.match({ onNone: () => Effect.fail(invalid(["lead_id"], subscriptionNotFound)), onSome: Effect.succeed })
            )
          : yield* Effect.flatMap(
              refs.coveringLead({
                insured_id: insuredId,
                beneficiary_id: type === "B" ? beneficiaryId : null,
                product_id: productId,
                retail_id: retailId,
                date: eventDate
              }),
              Option.match({
                onNone: () => Effect.fail(invalid(["lead_id"], "La persona no tiene una póliza vigente para ese producto en la fecha del evento")),
                onSome: Effect.succeed
              })
            )
    const samePeople = kept !== null && insuredId === parties.insured_id && (type === "B" ? beneficiaryId : null) === parties.beneficiary_id
    if (!samePeople && !(yield* refs.covers(lead.id, insuredId, type === "B" ? beneficiaryId : null))) {
      return yield* invalid(
        type === "B" ? ["beneficiary", "id"] : ["insured", "id"],
        type === "B" ? "La carga no pertenece a esa suscripción" : "El titular no pertenece a esa suscripción"
      )
    }

    const assistanceId = doc.assistance?.id ?? current.service.assistance_id
    const sameService = lead.product_id === service.product_id && assistanceId === service.assistance_id
    if (assistanceId !== null && !sameService && !(yield* refs.inProduct(lead.product_id, assistanceId))) {
      return yield* invalid(["assistance", "id"], "El servicio no está cubierto por el producto de la suscripción")
    }

    const values =
      doc.values === null
        ? current.values
        : [...new Map(doc.values.map((v) => [v.id, { id: v.id, value: v.value.trim() }])).values()].sort((a, b) => (a.id < b.id ? -1 : 1))
    const knownValues = same(values, current.values)
      ? new Set(values.map((v) => v.id))
      : yield* refs.active(
          "value",
          values.map((v) => v.id)
        )
    const unknownValue = values.findIndex((v) => !knownValues.has(v.id))
    if (doc.values !== null && unknownValue >= 0) return yield* unknownReference("value", ["values", String(unknownValue), "id"])

    let event = current.event
    if (doc.event !== null) {
      const { location, description } = doc.event
      const blank = doc.event.date === null && (location ?? "") === "" && (description ?? "") === ""
      if (!blank) {
        if (doc.event.date === null && current.event === null) return yield* invalid(["event", "date"], "Indique la fecha del evento")
        const place = location ?? current.event?.location ?? ""
        // A comuna, by code or name, is stored by its code and official name, so posting back the
        // name a view shows is no change; any other place is kept as written.
        const districtId = place === "" ? null : yield* districts.resolve(place).pipe(Effect.orElseSucceed(() => null))
        event = {
          date: doc.event.date ?? current.event!.date,
          district_id: districtId,
          location: districtId === null ? place : yield* districts.nameOf(districtId),
          description: description ?? current.event?.description ?? ""
        }
      }
    }

    const files =
      doc.files === null ? current.files : [...new Map(doc.files.map((f) => [f.document_id, { document_id: f.document_id, file_tag: f.file_tag }])).values()]
    const knownDocuments = same(files, current.files)
      ? new Set(files.map((f) => f.document_id))
      : yield* refs.active(
          "document",
          files.map((f) => f.document_id)
        )
    const unknownFile = files.findIndex((f) => !knownDocuments.has(f.document_id))
    if (doc.files !== null && unknownFile >= 0) return yield* unknownReference("document", ["files", String(unknownFile), "document_id"])

    let procedure = current.procedure
    if (doc.procedure_id !== null && doc.procedure_id !== current.procedure?.id) {
      procedure = { id: doc.procedure_id, code: yield* refs.procedureCode(doc.procedure_id, ["procedure_id"]) }
    }

    const specialistDistrict = doc.specialist?.district_id ? yield* districts.resolve(doc.specialist.district_id, ["specialist", "district_id"]) : null
    const specialist = assignmentOf(doc.specialist?.specialist_id ?? null, doc.specialist, current.specialist, specialistDistrict)
    const alliance = assignmentOf(doc.alliance?.partner_id ?? null, doc.alliance, current.alliance, null)
    for (const [kind, table, assignment] of [
      ["specialist", "specialist", specialist],
      ["alliance", "partner", alliance]
    ] as const) {
      if (assignment === null || same(assignment, current[kind])) continue
      yield* refs.known(table, assignment.provider_id, [kind, kind === "specialist" ? "specialist_id" : "partner_id"])
      yield* refs.known("specialty", assignment.specialty_id, [kind, "specialty_id"])
      yield* refs.known("qualification", assignment.qualification_id, [kind, "qualification_id"])
    }

    let refund = current.refund
    if (doc.refund !== null) {
      const amount = {
        required: doc.refund.amount?.required ?? current.refund?.amount.required ?? null,
        refunded: doc.refund.amount?.refunded ?? current.refund?.amount.refunded ?? null
      }
      const imed = {
        required: doc.refund.imed?.required ?? current.refund?.imed.required ?? null,
        refunded: doc.refund.imed?.refunded ?? current.refund?.imed.refunded ?? null
      }
      if (amount.required !== null || imed.required !== null) {
        const whole = (n: number | null) => (n === null ? null : Math.round(n))
        refund = {
          amount: { required: whole(amount.required), refunded: whole(amount.refunded) },
          imed: { required: whole(imed.required), refunded: whole(imed.refunded) },
          status: doc.refund.status ?? current.refund?.status ?? "Pendiente",
          comment: doc.refund.comment ?? current.refund?.comment ?? ""
        }
      }
    }

    const cost =
      doc.cost === null || doc.cost.amount === null
        ? current.cost
        : { amount: Math.round(doc.cost.amount), extra: Math.round(doc.cost.extra ?? 0), comment: doc.cost.comment ?? "" }

    const isClosed = doc.status?.isClosed ?? current.status.isClosed
    const description = doc.status?.description ?? current.status.description
    // An open case keeps its last closing or reopening note; only closing or reopening writes one.
    const status = isClosed || current.status.isClosed ? { isClosed, description } : current.status

    return {
      number: current.number,
      parties: { type, customer_id: lead.customer_id, retail_id: lead.retail_id, insured_id: insuredId, beneficiary_id: type === "B" ? beneficiaryId : null },
      service: { lead_id: lead.id, product_id: lead.product_id, productPlan_id: lead.productPlan_id, assistance_id: assistanceId },
      coverageException: doc.coverageException === null ? current.coverageException : doc.coverageException === "" ? null : doc.coverageException,
      values,
      event,
      files,
      procedure,
      specialist,
      alliance,
      refund,
      cost,
      status
    } satisfies CaseFacts
  })
