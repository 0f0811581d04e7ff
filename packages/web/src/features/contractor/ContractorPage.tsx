import { Anchor, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import {
  type Call,
  type ContractorFields,
  type CoveredKind,
  customerFileActors,
  customerFileMachine,
  formatDate,
  type PeopleChange,
  Rut,
  type StoredRead,
  type StoredRef
} from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { Link, useParams } from "react-router"
import { RetryAlert } from "../../components/RetryAlert"
import { askActor, ConfirmDelete, Section, useTask, type WriteRejection } from "../../kit"
import { call as apiCall } from "../../lib/api"
import { CoverageTable } from "../../lib/people/CoverageTable"
import { NO_SUBSCRIPTIONS } from "../../lib/people/personLabels"
import { notify } from "../../lib/notify"
import { ContractorDialog } from "./ContractorDialog"
import { InsuredSection } from "./InsuredSection"
import { PaymentsTable } from "./PaymentsTable"
import { latestEdit, PersonDialog, type PersonEdit, type StoredPersonEdit } from "./PersonDialog"
import { contractorListPath, kindLabel } from "./paths"
import { SubscriptionsTable } from "./SubscriptionsTable"

const Datum = ({ label, value }: { readonly label: string; readonly value: string }) => (
  <div>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm">{value === "" ? "—" : value}</Text>
  </div>
)

const doneMessage: Record<PeopleChange["kind"], string> = {
  contractor: "Datos del contratante actualizados",
  insured: "Titular actualizado",
  beneficiary: "Carga actualizada",
  addBeneficiary: "Carga agregada",
  removeBeneficiary: "Carga quitada de la suscripción"
}

interface Removal {
  readonly insured_id: string
  readonly beneficiary_id: string
  readonly name: string
  readonly titular: string
}

/** A contractor's page: data, subscriptions (one shown with its coverage, titulares and cargas) and payments. */
export const ContractorPage = ({ call = apiCall }: { readonly call?: Call }) => {
  const { id = "" } = useParams()
  return <ContractorFile key={id} call={call} id={id} />
}

const ContractorFile = ({ call, id }: { readonly call: Call; readonly id: string }) => {
  const [logic] = useState(() => customerFileMachine.provide({ actors: customerFileActors(call) }))
  const actor = useActorRef(logic, { input: { id } })
  const state = useSelector(actor, (s) => s.value as string)
  const { data, selected, subscription, failure, subscriptionFailure, pending } = useSelector(actor, (s) => s.context)
  const [editing, setEditing] = useState<PersonEdit | null>(null)
  const [editingContractor, setEditingContractor] = useState<ContractorFields | null>(null)
  const [removing, setRemoving] = useState<Removal | null>(null)
  const [rejection, setRejection] = useState<WriteRejection | null>(null)

  useEffect(() => {
    const changed = actor.on("changed", ({ change }) => {
      notify.success(doneMessage[change.kind])
      setEditing(null)
      setEditingContractor(null)
      setRemoving(null)
      setRejection(null)
    })
    const rejected = actor.on("rejected", ({ failure: refused }) => setRejection(refused))
    return () => {
      changed.unsubscribe()
      rejected.unsubscribe()
    }
  }, [actor])

  /** One record as stored now, read by the page's machine, which keeps its version for the record's edit. */
  const readStored = <T,>(ref: StoredRef, pick: (found: StoredRead) => T | undefined) => {
    const event = { type: "READ", ref } as const
    return askActor<T>({
      accepted: actor.getSnapshot().can(event),
      send: () => actor.send(event),
      onDone: (handler) =>
        actor.on("read", ({ found }) => {
          const value = pick(found)
          if (value !== undefined) handler(value)
        }),
      onFailed: (handler) => actor.on("unreadable", ({ failure: unread }) => handler(unread))
    })
  }
  const readContractor = (contractorId: string) =>
    readStored({ kind: "contractor", id: contractorId }, (found) => (found.kind === "contractor" ? found.record : undefined))
  const readPerson = (kind: CoveredKind, personId: string) =>
    readStored({ kind, id: personId }, (found) => (found.kind === "contractor" ? undefined : found.record))

  /**
   * A stored person is read before the dialog shows them: it starts from what the server holds
   * now, and the page keeps their version, so saving over someone else's change is refused
   * (412). If they cannot be read, the dialog opens with the listed data and the save says why.
   */
  const personReader = useTask<StoredPersonEdit, PersonEdit>((edit) => readPerson(edit.kind, edit.id).then((latest) => latestEdit(edit, latest)), {
    done: setEditing,
    failed: (_, edit) => setEditing(edit)
  })
  /** The contractor is read before their dialog shows, as a person is. */
  const contractorReader = useTask<ContractorFields, ContractorFields>((listed) => readContractor(listed.id), {
    done: setEditingContractor,
    failed: (_, listed) => setEditingContractor(listed)
  })

  if (state === "failure")
    return (
      <Stack>
        <Anchor component={Link} to={contractorListPath} size="sm">
          ← Contratantes
        </Anchor>
        <RetryAlert title="No se pudo cargar el contratante" message={failure?.message ?? null} onRetry={() => actor.send({ type: "RETRY" })} />
      </Stack>
    )
  if (data === null)
    return (
      <Group role="status" gap="xs" p="md">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">Cargando contratante…</Text>
      </Group>
    )

  const { contractor, origins } = data
  const company = contractor.type === "C"
  const title = [contractor.name, contractor.paternalLastName, contractor.maternalLastName].filter((s) => s !== "").join(" ")
  const origin = origins.origins.find((o) => o.subscription_id === selected)
  const writing = state === "writing"
  const openEdit = (edit: PersonEdit) => {
    setRejection(null)
    if (edit.kind === "addBeneficiary") return setEditing(edit)
    personReader.run(edit)
  }
  const openContractorEdit = () => {
    setRejection(null)
    contractorReader.run(contractor)
  }
  const send = (change: PeopleChange) => {
    setRejection(null)
    actor.send({ type: "CHANGE", change })
  }

  return (
    <Stack>
      <Anchor component={Link} to={contractorListPath} size="sm">
        ← Contratantes
      </Anchor>
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">
          {kindLabel[contractor.type]} · RUT {Rut.format(contractor.rut)}
        </Text>
      </div>
      <Section
        title="Datos"
        actions={
          <Button variant="default" size="xs" onClick={openContractorEdit} disabled={writing}>
            Editar datos
          </Button>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {company ? (
            <>
              <Datum label="Representante legal" value={contractor.legalRepresentative} />
              <Datum label="Giro" value={contractor.line} />
            </>
          ) : (
            <Datum label="Fecha de nacimiento" value={contractor.birthDate === "" ? "" : formatDate(contractor.birthDate)} />
          )}
          <Datum label="Dirección" value={contractor.address} />
          <Datum label="Comuna" value={contractor.district} />
          <Datum label="Correo electrónico" value={contractor.email} />
          <Datum label="Teléfono" value={contractor.phone} />
        </SimpleGrid>
      </Section>
      <Section title="Suscripciones">
        {origins.origins.length === 0 ? (
          <Text size="sm" c="dimmed">
            {NO_SUBSCRIPTIONS}
          </Text>
        ) : (
          <SubscriptionsTable origins={origins.origins} selected={selected} onSelect={(subscription_id) => actor.send({ type: "SELECT", subscription_id })} />
        )}
      </Section>
      {origin !== undefined && (
        <Section title={`Póliza ${origin.policy} · ${origin.product.name}`}>
          <Stack>
            <Title order={3} size="h5">
              Cobertura
            </Title>
            <CoverageTable plan={origin.product.name} assistances={origin.product.assistances} />
            <Title order={3} size="h5">
              Asegurados y cargas
            </Title>
            {subscriptionFailure !== null ? (
              <RetryAlert title="No se pudieron cargar los asegurados" message={subscriptionFailure.message} onRetry={() => actor.send({ type: "RETRY" })} />
            ) : subscription === null ? (
              <Text size="sm" role="status">
                Cargando asegurados…
              </Text>
            ) : (
              <InsuredSection
                subscription={subscription}
                busy={writing}
                onEdit={openEdit}
                onRemove={(titular, carga) =>
                  setRemoving({
                    insured_id: titular.id,
                    beneficiary_id: carga.id,
                    name: [carga.name, carga.paternalLastName].join(" ").trim(),
                    titular: [titular.name, titular.paternalLastName].join(" ").trim()
                  })
                }
              />
            )}
          </Stack>
        </Section>
      )}
      <Section title="Pagos">
        <PaymentsTable payments={contractor.payment} />
      </Section>
      {editingContractor !== null && (
        <ContractorDialog
          contractor={editingContractor}
          saving={writing}
          rejection={rejection}
          onClose={() => setEditingContractor(null)}
          read={readContractor}
          onSubmit={(input) => send({ kind: "contractor", id: editingContractor.id, contractor: input })}
        />
      )}
      {editing !== null && (
        <PersonDialog
          edit={editing}
          saving={writing}
          rejection={rejection}
          onClose={() => setEditing(null)}
          read={(personId) => readPerson(editing.kind === "insured" ? "insured" : "beneficiary", personId)}
          onSubmit={(person) =>
            send(
              editing.kind === "addBeneficiary"
                ? { kind: "addBeneficiary", insured_id: editing.insured_id, person }
                : editing.kind === "beneficiary"
                  ? { kind: "beneficiary", id: editing.id, person }
                  : { kind: "insured", id: editing.id, person }
            )
          }
        />
      )}
      {removing !== null && (
        <ConfirmDelete
          opened
          name={removing.name}
          title={`¿Quitar a ${removing.name}?`}
          confirmLabel="Quitar"
          failureTitle="No se pudo quitar la carga"
          warning={`La póliza ${origin?.policy ?? ""} dejará de cubrir a ${removing.name} como carga de ${removing.titular}. Sus datos se conservan y puede agregarse de nuevo.`}
          canConfirm={pending === null}
          deleting={pending !== null}
          error={rejection?.message ?? null}
          onConfirm={() => send({ kind: "removeBeneficiary", insured_id: removing.insured_id, beneficiary_id: removing.beneficiary_id })}
          onClose={() => setRemoving(null)}
        />
      )}
    </Stack>
  )
}
