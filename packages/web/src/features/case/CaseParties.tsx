import { type CasePerson, type CaseView, formatDate } from "@palma/core"
import { RutText } from "../../components/RutText"
import { Section } from "../../kit"
import { Facts } from "./Facts"

/** A name and its RUT: a narrow card breaks the line between them, never inside the RUT. */
const named = (name: string, rut: string) => (
  <>
    {name} · <RutText rut={rut} />
  </>
)
const person = (p: CasePerson | null) => (p === null ? null : named(`${p.name} ${p.paternalLastName} ${p.maternalLastName}`.trim(), p.rut))

/** Who the case is about: the titular, the carga (if the applicant is one), the channel, the customer and the policy. */
export const CaseParties = ({ view }: { readonly view: CaseView }) => (
  <Section title="Partes">
    <Facts
      items={[
        ["Titular", person(view.insured)],
        ["Carga", view.beneficiary === null ? "No aplica" : person(view.beneficiary)],
        ["Canal", view.retail?.name ?? null],
        ["Cliente", view.customer === null ? null : named(view.customer.name, view.customer.rut)],
        [
          "Póliza",
          view.policy === null ? null : `${view.policy.number} · vigente del ${formatDate(view.policy.startDate)} al ${formatDate(view.policy.endDate)}`
        ]
      ]}
    />
  </Section>
)
