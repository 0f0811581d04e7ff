import { Group, Select, TextInput } from "@mantine/core"
import type { NewcomerDetails, NewcomerPlan } from "@palma/core"
import { useState } from "react"
import { useLookup } from "../../lib/lookups/useLookup"
import { Step } from "./Step"

/**
 * Registers a person nobody covers (a type-C case): name and contact, and the channel's plan they
 * take. The plan opens their subscription when the case is saved; until then nothing is stored
 * but the person.
 */
export const NewcomerStep = ({
  busy,
  onRegister,
  onBack
}: {
  readonly busy: boolean
  readonly onRegister: (person: NewcomerDetails, plan: NewcomerPlan) => void
  readonly onBack: () => void
}) => {
  const retailPlans = useLookup("retailPlans")
  const [name, setName] = useState("")
  const [paternalLastName, setPaternalLastName] = useState("")
  const [maternalLastName, setMaternalLastName] = useState("")
  const [email, setEmail] = useState("")
  const [phone, setPhone] = useState("")
  const [planId, setPlanId] = useState<string | null>(null)
  const plans = (retailPlans.value ?? []).flatMap((retail) =>
    retail.products.map((product) => ({ retail, product, value: product.productplan_id, label: `${retail.name} · ${product.name}` }))
  )
  const groups = (retailPlans.value ?? [])
    .filter((retail) => retail.products.length > 0)
    .map((retail) => ({ group: retail.name, items: retail.products.map((p) => ({ value: p.productplan_id, label: `${retail.name} · ${p.name}` })) }))
  const chosen = plans.find((p) => p.value === planId)

  return (
    <Step
      title="Registrar cliente"
      next="Registrar y continuar"
      busy={busy}
      onBack={onBack}
      onNext={() =>
        chosen &&
        onRegister(
          {
            name: name.trim(),
            paternalLastName: paternalLastName.trim(),
            maternalLastName: maternalLastName.trim(),
            address: "",
            district: null,
            email: email.trim() === "" ? null : email.trim(),
            phone: phone.trim() === "" ? null : phone.trim(),
            birthDate: null
          },
          { retail_id: chosen.retail.id, product_id: chosen.product.id, productPlan_id: chosen.value }
        )
      }
    >
      <Group grow align="start">
        <TextInput label="Nombre" value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={80} data-autofocus autoFocus />
        <TextInput label="Apellido paterno" value={paternalLastName} onChange={(e) => setPaternalLastName(e.currentTarget.value)} required maxLength={80} />
        <TextInput label="Apellido materno" value={maternalLastName} onChange={(e) => setMaternalLastName(e.currentTarget.value)} maxLength={80} />
      </Group>
      <Group grow align="start">
        <TextInput label="Correo electrónico" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <TextInput label="Teléfono" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
      </Group>
      <Select
        label="Plan que toma"
        description="Canal y producto: su póliza comienza en la fecha del evento"
        placeholder={retailPlans.status === "loading" ? "Cargando planes…" : "Elija un plan"}
        data={groups}
        value={planId}
        onChange={setPlanId}
        searchable
        required
        error={retailPlans.failure?.message}
        nothingFoundMessage="Ningún plan con ese nombre"
      />
    </Step>
  )
}
